import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeMtl, cubeObj, gltfWithFiles, media, picture, zip } from '../apps/server/test/support/assetFixtures.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { signUp as createAccount } from './support/accounts.ts';

// The content library through the browser: upload a cropped picture, a video, a zipped glTF and an
// OBJ with its MTL and texture through the upload dialogs; they show in the library with thumbnails
// and model stats; one is deleted.

type P = Awaited<ReturnType<typeof newPage>>;
let app: RunningApp;
let dir: string;

const signUp = (page: P) => createAccount(page, 'Grace Hopper', 'grace@example.org', 'cobol-1959-x');

/** Opens the upload dialog of the current library page and chooses files in its dropzone. */
async function chooseFiles(page: P, files: string[]) {
  await page.getByTestId('library-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('asset-dropzone').waitFor();
  await dialog.locator('input[type=file]').setInputFiles(files);
  await dialog.getByTestId('chosen-files').waitFor();
  return dialog;
}

/** Waits until every thumbnail image on the page has loaded real pixels. */
async function thumbnailsLoaded(page: P, n: number) {
  await page.waitForFunction(
    (count) => {
      const imgs = [...document.querySelectorAll('[data-testid=asset-card] img')] as HTMLImageElement[];
      return imgs.length >= count && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    n,
    { timeout: 30_000 },
  );
}

describe('content library (browser)', () => {
  beforeAll(async () => {
    // The run's shared server: a library is per person, so Grace's starts empty there too.
    app = await startApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-assets-e2e-'));
    fs.writeFileSync(path.join(dir, 'harbour.png'), await picture(900, 600, 'png'));
    fs.writeFileSync(path.join(dir, 'clip.mp4'), media('mp4'));
    const { gltf, bin, png } = await gltfWithFiles();
    fs.writeFileSync(path.join(dir, 'globe.zip'), zip({ 'globe/scene.gltf': gltf, 'globe/scene.bin': bin, 'globe/textures/albedo.png': png }));
    fs.writeFileSync(path.join(dir, 'cube.obj'), cubeObj);
    fs.writeFileSync(path.join(dir, 'cube.mtl'), cubeMtl);
    fs.writeFileSync(path.join(dir, 'cube.png'), await picture(64, 64, 'png'));
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a picture, a video, a zipped glTF and an OBJ, lists them and deletes one', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    const userId = await signUp(page);

    // Picture, cropped: the cropped square replaces the original.
    await page.goto(`/user/${userId}/library/images`);
    await page.getByTestId('library-empty').waitFor();
    let dialog = await chooseFiles(page, [path.join(dir, 'harbour.png')]);
    await dialog.getByRole('button', { name: 'Crop' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByTestId('chosen-files').getByText('harbour.jpg').waitFor();
    await dialog.getByLabel('Title').fill('Harbour at dawn');
    await dialog.getByLabel('Description').fill('Cropped in the upload dialog');
    await snap(page, 'assets-upload-picture-dialog');
    await dialog.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('asset-card').filter({ hasText: 'Harbour at dawn' });
    await card.waitFor();
    await expect(card.getByText('Cropped in the upload dialog').isVisible()).resolves.toBe(true);
    await expect(card.getByText(/by Grace Hopper/).isVisible()).resolves.toBe(true);
    await thumbnailsLoaded(page, 1);
    await snap(page, 'assets-library-images');

    // Video.
    await page.goto(`/user/${userId}/library/videos`);
    dialog = await chooseFiles(page, [path.join(dir, 'clip.mp4')]);
    await dialog.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('asset-card').filter({ hasText: 'clip' }).getByText('1.0 s').waitFor();
    await thumbnailsLoaded(page, 1);

    // Zipped glTF: upload progress, then optimisation progress, stats and the result.
    await page.goto(`/user/${userId}/library/3d-models`);
    dialog = await chooseFiles(page, [path.join(dir, 'globe.zip')]);
    await dialog.getByTestId('upload-submit').click();
    const result = dialog.getByTestId('upload-result');
    await result.getByText('Ready').waitFor({ timeout: 60_000 });
    await result.getByTestId('model-stats').getByText('Triangles: 256').waitFor();
    await result.getByText('Textures: 1').waitFor();
    await snap(page, 'assets-upload-model-result');
    // The optimised model opens in the engine's inspector mode, drawn on a real canvas.
    await result.getByRole('button', { name: '3D preview' }).click();
    await result.locator('[data-testid=model-preview][data-state=ready] canvas').waitFor({ timeout: 90_000 });
    // The model and its texture drawn (the preview engine's fullyLoaded), not just the canvas made.
    await result.locator('[data-testid=model-preview][data-loaded=true]').waitFor({ timeout: 90_000 });
    await snap(page, 'assets-upload-model-preview');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // OBJ with its MTL and texture as three files.
    dialog = await chooseFiles(page, ['cube.obj', 'cube.mtl', 'cube.png'].map((f) => path.join(dir, f)));
    await dialog.getByLabel('Title').fill('Blue cube');
    await dialog.getByTestId('upload-submit').click();
    await dialog.getByTestId('upload-result').getByText('Ready').waitFor({ timeout: 60_000 });
    await dialog.getByText('Triangles: 12').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const cards = page.getByTestId('asset-card');
    await cards.filter({ hasText: 'Blue cube' }).getByText('Materials: 1').waitFor();
    await cards.filter({ hasText: 'globe' }).getByText(/Triangles: 256/).waitFor();
    await thumbnailsLoaded(page, 2);
    await expect(cards.count()).resolves.toBe(2);
    await snap(page, 'assets-library-models');

    // List view, then delete the cube with the confirm dialog.
    await page.getByLabel('List view').click();
    await cards.filter({ hasText: 'Blue cube' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await cards.filter({ hasText: 'Blue cube' }).waitFor({ state: 'detached' });
    await expect(cards.count()).resolves.toBe(1);
    await snap(page, 'assets-library-models-list');
    // Every response the page saw was found; the console's resource line is the browser's own favicon probe.
    expect(missing).toEqual([]);
    expect(page.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  }, 300_000);
});
