import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { picture, zip } from '../apps/server/test/support/assetFixtures.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { engineSettled } from './support/settled.ts';

// Issue 17, Home and links: /artsteps-migration imports a gallery export. Signed out the page asks
// to sign in first; signed in a zip of pictures + JSON goes up with progress, the report names what
// was skipped, and the draft opens in the editor with the pictures on the walls.

interface EditorHandle {
  history: { document: SceneDocument };
  engine: { scene: { traverse(fn: (o: unknown) => void): void } };
}

let app: RunningApp;
let dir: string;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 250, message });

beforeAll(async () => {
  app = await startApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-artsteps-e2e-'));
  const meta = [
    { file: 'works/harbour.jpg', title: 'Harbour at dawn', description: 'Oil on board' },
    { file: 'works/field.png', title: 'Field', description: 'Tall study' },
    { file: 'works/lost.jpg', title: 'Lost work', description: '' },
  ];
  fs.writeFileSync(
    path.join(dir, 'my-artsteps-show.zip'),
    zip({
      'metadata.json': new TextEncoder().encode(JSON.stringify(meta)),
      'works/harbour.jpg': await picture(1600, 1000),
      'works/field.png': await picture(600, 900, 'png'),
      'works/square.jpg': await picture(1000, 1000),
      'works/readme.txt': new TextEncoder().encode('hello'),
    }),
  );
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('artsteps import (browser)', () => {
  it('signs in first, uploads with progress, reports skipped files, and opens a draft with the pictures on the walls', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 860 });
    page.setDefaultTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    await page.goto('/artsteps-migration');
    await page.getByRole('heading', { name: 'Import a gallery export' }).waitFor();
    await page.getByRole('button', { name: 'Sign in to import' }).click();
    await page.waitForURL(/\/auth\/interaction\//);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Ines Import');
    await page.getByLabel('Email').fill('ines.import@example.org');
    await page.getByLabel('Password').fill('import-pass-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/artsteps-migration$/);

    await page.locator('input[type=file]').setInputFiles(path.join(dir, 'my-artsteps-show.zip'));
    await page.getByLabel('Name of the new space (optional)').fill('My Artsteps show');
    // Any progress bar shown while the import runs, however briefly, is noted.
    await page.evaluate(() => {
      const w = window as unknown as { __sawProgress: string[] };
      w.__sawProgress = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=import-progress]');
        if (bar?.querySelector('[role=progressbar]')) w.__sawProgress.push(bar.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __sawProgress: string[] }).__sawProgress);
    expect(seen.some((s) => /Uploading|Checking pictures/.test(s))).toBe(true);
    await expect.poll(() => report.innerText()).toContain('3 pictures hung in your new draft space.');
    const text = await report.innerText();
    expect(text).toContain('2 files were skipped');
    expect(text).toContain('works/lost.jpg — named in the metadata but not in the zip');
    expect(text).toContain('works/readme.txt — not a JPEG, PNG or WebP picture');
    await snap(page, 'artsteps-import-report');

    await report.getByRole('link', { name: 'Open the draft in the editor' }).click();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    await page.getByTestId('editor').waitFor({ timeout: 150_000 });
    await poll(() => page.evaluate(() => Boolean((window as unknown as { __atriumEditor?: unknown }).__atriumEditor)), 'editor ready', 150_000).toBe(true);
    const doc = await page.evaluate(() => (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.history.document);
    expect(doc.pictures.map((p) => p.title)).toEqual(['Harbour at dawn', 'Field', 'square']);
    expect(doc.customSpace?.levels[0]?.walls.length).toBeGreaterThanOrEqual(4);
    // Every picture's plane has its image's pixels (not the grey card it shows while loading).
    await poll(
      () =>
        page.evaluate(() => {
          let loaded = 0;
          (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.engine.scene.traverse((o) => {
            // Picture planes are instanced over a texture array: an instance shows its image once its
            // layer index is set (it is -1 while the image is on its way).
            const m = o as { name?: string; count?: number; geometry?: { getAttribute(n: string): { getX(i: number): number } | undefined } };
            const layer = m.name?.startsWith('pictures:') ? m.geometry?.getAttribute('pictureLayer') : undefined;
            for (let i = 0; layer && i < (m.count ?? 0); i++) if (layer.getX(i) >= 0) loaded++;
          });
          return loaded;
        }),
      'pictures textured',
    ).toBe(3);
    await engineSettled(page);
    await snap(page, 'artsteps-import-editor');
    expect(errors).toEqual([]);
  });
});
