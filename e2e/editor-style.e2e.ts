import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { media, picture } from '../apps/server/test/support/assetFixtures.ts';
import { closeBrowser, newPage, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';
import { engineSettled, imagesInViewLoaded } from './support/settled.ts';
import { signUpIntoEditor } from './support/editorStart.ts';

// Shape Style and library content in the editor: a picture uploaded fresh from Add Content is placed,
// then picked again from the library and dragged out of it onto the canvas;
// a theme, a wallpaper, terrain and an uploaded ambient sound; a tour point gets an audio clip from
// the library; all of it survives save and reload, and the draft viewer plays the sound and the clip.

type P = Awaited<ReturnType<typeof newPage>>;
interface EditorHandle {
  history: { document: SceneDocument };
  engine: { getEnvironment(): { terrain: string; ambientSoundUri: string | null } };
  getSnapshot(): { dirty: boolean };
}
interface EngineHandle {
  getEnvironment(): { terrain: string; ambientSoundUri: string | null };
}

let app: RunningApp;
let dir: string;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 200, message });
const doc = (page: P) => page.evaluate(() => (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.history.document);
const environment = (page: P) => page.evaluate(() => (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.engine.getEnvironment());

/** In the open asset picker: upload one file through the fresh-upload dialog. */
async function uploadFromPicker(page: P, file: string, title: string) {
  await page.getByTestId('picker-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('asset-dropzone').waitFor();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByTestId('chosen-files').waitFor();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByTestId('upload-submit').click();
}

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-style-e2e-'));
  fs.writeFileSync(path.join(dir, 'sunrise.png'), await picture(800, 400, 'png'));
  fs.writeFileSync(path.join(dir, 'narration.mp3'), media('mp3'));
  fs.writeFileSync(path.join(dir, 'ambience.wav'), media('wav'));
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('editor style and library content (browser)', () => {
  it('places an uploaded picture, styles the space, gives a tour point audio, and keeps it all', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 860 });
    page.setDefaultTimeout(90_000);
    try {
      await signUpIntoEditor(page, { name: 'Stella Styles', email: 'stella@example.org', password: 'style-pass-42' });

      // Add Content → picture from the library: the library is empty, so upload one; it is placed.
      await page.getByTestId('step-content').click();
      const pictures = (await doc(page)).pictures.length;
      await page.getByTestId('pick-picture').click();
      await page.getByTestId('picker-empty').waitFor();
      await uploadFromPicker(page, path.join(dir, 'sunrise.png'), 'Sunrise');
      await poll(async () => (await doc(page)).pictures.length, 'uploaded picture placed').toBe(pictures + 1);
      const placed = (await doc(page)).pictures.at(-1)!;
      expect(placed.imageUri).toMatch(/^\/api\/file\/[0-9a-f-]{36}/);
      expect(placed.title).toBe('Sunrise');
      expect(placed.height / placed.width).toBeCloseTo(0.5, 2);
      await poll(() => page.getByRole('dialog').count(), 'picker and upload dialog closed').toBe(0);
      // The same picture again, now straight from the library.
      await page.getByTestId('pick-picture').click();
      await page.getByTestId('picker-item').first().click();
      await poll(async () => (await doc(page)).pictures.length, 'library picture placed').toBe(pictures + 2);
      // And a third time, dragged out of the library onto the canvas: it hangs where it is dropped
      // (the surface under the pointer), not where the crosshair points.
      await page.getByTestId('pick-picture').click();
      const card = page.getByTestId('picker-item').first();
      await card.waitFor();
      const from = (await card.boundingBox())!;
      const area = (await page.getByTestId('editor-canvas').boundingBox())!;
      const to = { x: area.x + area.width * 0.2, y: area.y + area.height * 0.55 };
      const aim = await page.evaluate(
        ({ to, size }) => {
          const tools = (window as unknown as { __atriumEditor: { tools: { placementAt(x: number, y: number, kind: string, size: object): { position: number[] }; placementInView(kind: string, size: object): { position: number[] } } } }).__atriumEditor.tools;
          return { drop: tools.placementAt(to.x, to.y, 'pictures', size).position, crosshair: tools.placementInView('pictures', size).position };
        },
        { to, size: { width: placed.width, height: placed.height } },
      );
      expect(Math.hypot(...aim.drop.map((v, i) => v - aim.crosshair[i]!)), 'the drop point is not the crosshair’s').toBeGreaterThan(0.5);
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 24, from.y + from.height / 2 + 24, { steps: 4 });
      // While the card is dragged the library lets the pointer through to the canvas behind it.
      await poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).pointerEvents), 'the library lets the drag through').toBe('none');
      await page.mouse.move(to.x, to.y, { steps: 6 });
      await page.mouse.up();
      await poll(async () => (await doc(page)).pictures.length, 'dragged library picture placed').toBe(pictures + 3);
      const dropped = (await doc(page)).pictures.at(-1)!;
      expect(dropped.imageUri).toBe(placed.imageUri);
      dropped.position.forEach((v, i) => expect(v, `dropped picture axis ${i}`).toBeCloseTo(aim.drop[i]!, 2));
      await poll(() => page.getByRole('dialog').count(), 'the library closed after the drop').toBe(0);

      // Shape Style: a theme sets walls, floor, sky, terrain and sound in one step.
      await page.getByTestId('step-style').click();
      await page.getByTestId('theme-seaside').click();
      let space = (await doc(page)).customSpace!;
      expect(space.materialOverrides).toContainEqual({ targetId: 'floor:*', materialId: 'terrazzo' });
      expect(space).toMatchObject({ skyUri: 'atrium:sky/dawn', terrainUri: 'atrium:terrain/sand', ambientSoundUri: 'atrium:sound/waves' });
      // That a theme is one undo step is checked headless (engine style-commands.test.ts); keyboard undo
      // and the toolbar's redo are exercised in editor-core and editor-builder.
      await poll(async () => (await environment(page)).terrain, 'engine shows sand').toBe('sand');

      // Wallpaper on all walls, water around the building, then an uploaded ambient sound.
      await page.getByTestId('wallpaper-wallpaper-damask-gold').click();
      await page.getByTestId('terrain-water').click();
      await page.getByTestId('pick-sound').click();
      await page.getByTestId('picker-empty').waitFor();
      await uploadFromPicker(page, path.join(dir, 'ambience.wav'), 'Harbour ambience');
      await poll(async () => (await doc(page)).customSpace!.ambientSoundUri ?? '', 'uploaded ambient sound').toMatch(/^\/api\/file\//);
      await page.getByTestId('sound-uploaded').waitFor();
      space = (await doc(page)).customSpace!;
      expect(space.materialOverrides).toContainEqual({ targetId: 'wall:*', materialId: 'wallpaper-damask-gold' });
      await poll(async () => (await environment(page)).terrain).toBe('water');
      // The wallpaper is painted onto the walls after the edit, not only after a reload.
      await poll(
        () =>
          page.evaluate(() => {
            const ed = (window as unknown as { __atriumEditor: { engine: { scene: { traverse(fn: (o: { name: string; material?: { map?: { name: string } | null } }) => void): void } } } }).__atriumEditor;
            let painted = false;
            ed.engine.scene.traverse((o) => {
              if (o.name.startsWith('wall:') && o.material?.map?.name === 'atrium:wallpaper-damask-gold') painted = true;
            });
            return painted;
          }),
        'wallpaper texture on the walls',
      ).toBe(true);
      await poll(async () => (await environment(page)).ambientSoundUri).toBe(space.ambientSoundUri);

      // Paths: a tour point with an audio clip, uploaded fresh; the picker then lists both sounds.
      await page.getByTestId('step-paths').click();
      await page.getByTestId('add-tour').click();
      await page.getByTestId('add-tour-point').last().click();
      await page.getByTestId('point-audio').last().click();
      await poll(() => page.getByTestId('picker-item').count(), 'the ambience is in the audio library').toBe(1);
      await uploadFromPicker(page, path.join(dir, 'narration.mp3'), 'Welcome narration');
      await page.getByTestId('point-audio-set').waitFor();
      const point = (await doc(page)).guidedTours.at(-1)!.points[0]!;
      expect(point.audioUri).toMatch(/^\/api\/file\//);
      expect(point.audioUri).not.toBe(space.ambientSoundUri);
      await snap(page, 'editor-style-paths');
      await page.getByTestId('step-style').click();
      // The Style step's lists with their thumbnails, and the space drawn with its wallpaper and sky.
      await page.getByTestId('material-list').waitFor();
      await transitionsDone(page);
      await imagesInViewLoaded(page);
      await engineSettled(page);
      await snap(page, 'editor-style');

      // Save, reload: the same document, and the engine shows the same surroundings.
      await page.getByTestId('space-name').fill('Seaside salon');
      await page.getByTestId('save-button').click();
      await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
      await poll(() => page.evaluate(() => (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.getSnapshot().dirty), 'saved').toBe(false);
      const sceneId = page.url().split('/editor/')[1]!;
      const saved = await doc(page);
      await page.reload();
      await poll(() => page.evaluate(() => Boolean((window as unknown as { __atriumEditor?: unknown }).__atriumEditor)), 'editor ready again', 150_000).toBe(true);
      expect(await doc(page)).toEqual(saved);
      await poll(async () => environment(page), 'surroundings after reload').toEqual({ terrain: 'water', ambientSoundUri: saved.customSpace!.ambientSoundUri, ambientLevel: 0.5 });
      // The draft viewer (the owner's session, as Preview opens it) plays the ambient sound and, on
      // the tour, the point's clip.
      const viewer = await page.context().newPage();
      await page.close();
      await viewer.addInitScript(() => {
        localStorage.setItem('atrium.viewer.settings', JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' }));
        const played: string[] = ((window as unknown as { __played: string[] }).__played = []);
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
          played.push(this.src);
          return play.call(this);
        };
      });
      await viewer.goto(`/viewer/${sceneId}?draft=true`);
      await viewer.locator(`[data-scene-id="${sceneId}"][data-viewer-state="ready"]`).waitFor({ timeout: 180_000 });
      const ambient = saved.customSpace!.ambientSoundUri!;
      await poll(() => viewer.evaluate(() => (window as unknown as { __atriumEngine: EngineHandle }).__atriumEngine.getEnvironment().ambientSoundUri), 'viewer ambient').toBe(ambient);
      await poll(() => viewer.evaluate(() => (window as unknown as { __played: string[] }).__played.some((s) => s.includes('/api/file/'))), 'ambient element started').toBe(true);
      await viewer.getByRole('button', { name: 'Paths', exact: true }).click();
      const tour = saved.guidedTours.at(-1)!;
      await viewer.getByRole('button', { name: `Play ${tour.title}` }).click();
      const clip = tour.points[0]!.audioUri!.split('?')[0]!;
      await poll(() => viewer.evaluate(() => (window as unknown as { __played: string[] }).__played), 'tour clip played').toContainEqual(expect.stringContaining(clip));
      await viewer.close();
    } finally {
      await Promise.all(page.context().pages().map((p) => p.close()));
    }
  }, 600_000);
});
