import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, type SceneDocument } from '@atrium/shared';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { signUpIntoEditor } from './support/editorStart.ts';

// Ceilings in the editor, as a creator uses them: a premade room comes with its ceiling and lamps;
// the lamps switch off and on, the ceiling is removed and added back over the room, raised, given a
// material and colour in Shape Style (like walls and floors); undo steps back; save + reload keeps it.

type P = Awaited<ReturnType<typeof newPage>>;
interface EditorHandle { history: { document: SceneDocument }; getSnapshot(): { dirty: boolean } }

let app: RunningApp;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 200, message });
const doc = (page: P) => page.evaluate(() => (window as unknown as { __atriumEditor: EditorHandle }).__atriumEditor.history.document);
const ceilings = async (page: P) => (await doc(page)).customSpace!.levels[0]!.ceilings ?? [];
/** Ceiling downlights in the document (the switch's lamps). */
const downlights = async (page: P) => (await doc(page)).props.filter((p) => p.propId === 'ceiling-downlight');

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('editor ceilings (browser)', () => {
  it('switches lamps, removes, adds, raises and styles a ceiling, with undo, and keeps it through a save', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 860 });
    page.setDefaultTimeout(90_000);
    try {
      await signUpIntoEditor(page, { name: 'Cecile Ceiling', email: 'cecile@example.org', password: 'ceiling-pass-42' });

      // A small gallery: one ceiling over its room, lit by downlights.
      await poll(async () => (await ceilings(page)).length, 'template ceiling').toBe(1);
      const row = page.getByTestId('ceiling-list').locator('[data-testid^="ceiling-"]').first();
      await row.scrollIntoViewIfNeeded();
      const lamps = row.getByTestId('ceiling-lamps');
      await expect(lamps.isChecked()).resolves.toBe(true);
      const templateLamps = (await downlights(page)).length;
      expect(templateLamps).toBeGreaterThan(0);
      await snap(page, 'editor-ceilings-panel');

      // Lamps off, then on again: a fresh grid of downlights under the ceiling.
      await lamps.uncheck();
      await poll(async () => (await downlights(page)).length, 'lamps off').toBe(0);
      await lamps.check();
      await poll(async () => (await downlights(page)).length, 'lamps on').toBeGreaterThan(0);
      const ceilingTop = (await ceilings(page))[0]!.height;
      for (const l of await downlights(page)) expect(l.position[1]).toBeCloseTo(ceilingTop - 0.03, 3);

      // Remove: the room opens to the sky and the lamps go with it; add one back over the room.
      await row.getByTestId('remove-ceiling').click();
      await poll(async () => (await ceilings(page)).length, 'removed').toBe(0);
      expect(await downlights(page)).toHaveLength(0);
      await page.getByTestId('no-ceilings').waitFor();
      await page.getByTestId('add-ceiling').click();
      await poll(async () => (await ceilings(page)).length, 'added').toBe(1);
      const added = (await ceilings(page))[0]!;
      expect(added.polygon).toEqual((await doc(page)).customSpace!.levels[0]!.floors[0]!.polygon);

      // Height: 3.6 m, lamps on, then undo the lamps (one step) and keep the height.
      const height = page.getByTestId('ceiling-list').getByTestId('ceiling-height');
      await height.fill('3.6');
      await poll(async () => (await ceilings(page))[0]!.height, 'raised').toBe(3.6);
      await page.getByTestId('ceiling-list').getByTestId('ceiling-lamps').check();
      await poll(async () => (await downlights(page)).length, 'new ceiling lit').toBeGreaterThan(0);
      for (const l of await downlights(page)) expect(l.position[1]).toBeCloseTo(3.57, 3);
      await page.getByTestId('tool-undo').click();
      await poll(async () => (await downlights(page)).length, 'lamps undone').toBe(0);
      expect((await ceilings(page))[0]!.height).toBe(3.6);
      await page.getByTestId('tool-redo').click();
      await poll(async () => (await downlights(page)).length, 'lamps redone').toBeGreaterThan(0);

      // Shape Style: "All ceilings" takes a material and a colour, like walls and floors.
      await page.getByTestId('step-style').click();
      await page.getByTestId('surface-target').getByText('All ceilings').click();
      await snap(page, 'editor-ceilings-surfaces');
      await page.getByTestId('material-list').getByTestId('material-wood-ash').click();
      await poll(async () => (await doc(page)).customSpace!.materialOverrides.find((o) => o.targetId === 'ceiling:*')?.materialId, 'ceiling material').toBe('wood-ash');
      await expect(page.getByTestId('wallpaper-list').count()).resolves.toBe(0);
      await snap(page, 'editor-ceilings-style');

      // Save, reload: the ceiling, its height, lamps and look are all there.
      await page.getByTestId('save-button').click();
      await page.getByText(msg.scene.savedSuccessfully).waitFor();
      await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
      const saved = await doc(page);
      await page.reload();
      await poll(() => page.evaluate(() => Boolean((window as unknown as { __atriumEditor?: unknown }).__atriumEditor)), 'editor reopened', 150_000).toBe(true);
      expect(await doc(page)).toEqual(saved);
      expect((await ceilings(page))[0]!.height).toBe(3.6);
      expect(page.errors.filter((e) => !/favicon|ERR_ABORTED/.test(e))).toEqual([]);
    } finally {
      await Promise.all(page.context().pages().map((p) => p.close()));
    }
  }, 600_000);
});
