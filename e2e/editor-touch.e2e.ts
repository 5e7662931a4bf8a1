import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { SceneDocument } from '@atrium/shared';
import { closeBrowser, launchBrowser, ordinaryUserAgent, snap, startApp, type RunningApp } from './support/harness.ts';
import { signUpIntoEditor } from './support/editorStart.ts';
import { engineFrames } from './support/settled.ts';

// The editor on a touch screen (touch emulation; real touch events through the DevTools protocol, which
// Chromium turns into pointer events as on a tablet): a tap selects a picture, one finger on it slides
// it along its wall, one finger elsewhere orbits the view, and a second finger landing during a press
// on the item pinches the view instead of moving the item.

type Vec3 = [number, number, number];
interface EditorHandle {
  history: { document: SceneDocument; undoSize: number };
  getSnapshot(): { selection: readonly string[] };
  select(ids: readonly string[]): void;
  tools: { flushEdits(): void };
  engine: {
    itemBoundsOf(id: string): { min: Vec3; max: Vec3 } | null;
    camera: { position: { x: number; y: number; z: number; clone(): { set(x: number, y: number, z: number): { project(c: unknown): { x: number; y: number } } } } };
    renderer: { domElement: HTMLElement };
  };
}

type W = { __atriumEditor: EditorHandle };
let app: RunningApp;
let context: BrowserContext | undefined;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 200, message });
const doc = (page: Page) => page.evaluate(() => (window as unknown as W).__atriumEditor.history.document);
const undoSize = (page: Page) => page.evaluate(() => (window as unknown as W).__atriumEditor.history.undoSize);
const camera = (page: Page) => page.evaluate(() => { const p = (window as unknown as W).__atriumEditor.engine.camera.position; return [p.x, p.y, p.z] as Vec3; });

/** The screen point of an item's centre. */
const itemOnScreen = (page: Page, id: string) =>
  page.evaluate((id) => {
    const s = (window as unknown as W).__atriumEditor;
    s.tools.flushEdits();
    const box = s.engine.itemBoundsOf(id)!;
    const c = box.min.map((v, i) => (v + box.max[i]!) / 2) as Vec3;
    const v = s.engine.camera.position.clone().set(...c).project(s.engine.camera);
    const r = s.engine.renderer.domElement.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }, id);

type Point = { x: number; y: number; id: number };
const touches = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
  cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y), id: p.id, radiusX: 4, radiusY: 4, force: 1 })) });

/** One finger from `from` by (dx, dy) in `steps` moves, then lifted. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, dx: number, dy: number, steps = 8) {
  await touches(cdp, 'touchStart', [{ ...from, id: 1 }]);
  for (let i = 1; i <= steps; i++) await touches(cdp, 'touchMove', [{ x: from.x + (dx * i) / steps, y: from.y + (dy * i) / steps, id: 1 }]);
  await touches(cdp, 'touchEnd', []);
}

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await closeBrowser();
  await app?.stop();
});

describe('editor on a touch screen (browser)', () => {
  it('tap selects, one finger slides the item along its wall or orbits the view, two fingers pinch without moving the item', async () => {
    const browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, userAgent: ordinaryUserAgent(browser), baseURL: app.baseURL });
    await context.addInitScript(() => localStorage.setItem('atrium.editor.walkthroughSeen', '1'));
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await signUpIntoEditor(page, { name: 'Tara Touch', email: 'tara-touch@example.org', password: 'touch-pass-42' });

      // A picture placed at the crosshair (on the wall in view); tapping elsewhere clears the selection.
      await page.getByTestId('step-content').click();
      const pictures = (await doc(page)).pictures.length;
      await page.getByTestId('add-picture').tap();
      await poll(async () => (await doc(page)).pictures.length, 'picture placed').toBe(pictures + 1);
      const picture = (await doc(page)).pictures.at(-1)!;
      await page.evaluate(() => (window as unknown as W).__atriumEditor.select([]));
      const cdp = await context.newCDPSession(page);

      // A tap on it selects it.
      const at = await itemOnScreen(page, picture.id);
      await touches(cdp, 'touchStart', [{ ...at, id: 1 }]);
      await touches(cdp, 'touchEnd', []);
      await poll(() => page.evaluate(() => (window as unknown as W).__atriumEditor.getSnapshot().selection), 'tap selects').toEqual([picture.id]);

      // One finger on it slides it along its wall: same height band and distance from the wall, one step.
      const steps = await undoSize(page);
      const view = await camera(page);
      await swipe(cdp, await itemOnScreen(page, picture.id), 140, 0);
      await poll(async () => (await doc(page)).pictures.at(-1)!.position, 'moved along the wall').not.toEqual(picture.position);
      const moved = (await doc(page)).pictures.at(-1)!;
      const along = Math.hypot(moved.position[0] - picture.position[0], moved.position[2] - picture.position[2]);
      expect(along).toBeGreaterThan(0.3);
      expect(moved.rotation).toEqual(picture.rotation);
      expect(await undoSize(page)).toBe(steps + 1);
      // The view did not turn while the item moved.
      expect(await camera(page)).toEqual(view);
      await snap(page, 'editor-touch-moved');

      const distance = (p: Vec3, q: Vec3) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
      // One finger on empty floor/sky orbits the view; the item stays.
      const canvas = (await page.getByTestId('editor-canvas').boundingBox())!;
      await swipe(cdp, { x: canvas.x + canvas.width * 0.15, y: canvas.y + canvas.height * 0.9 }, 160, 0);
      await poll(() => camera(page), 'orbited').not.toEqual(view);
      expect((await doc(page)).pictures.at(-1)!.position).toEqual(moved.position);

      // A press on the item, a drag, then a second finger: the gesture becomes a pinch of the view.
      // The orbit above glides to a stop first (damping), so the pinch is what moves the camera next:
      // damping steps once per engine frame, so "at rest" is no movement over a few frames, not a pause.
      await poll(async () => {
        const a = await camera(page);
        await engineFrames(page, 4);
        return distance(a, await camera(page));
      }, 'view at rest').toBeLessThan(1e-4);
      const orbit = await camera(page);
      const grab = await itemOnScreen(page, picture.id);
      await touches(cdp, 'touchStart', [{ ...grab, id: 1 }]);
      for (let i = 1; i <= 4; i++) await touches(cdp, 'touchMove', [{ x: grab.x + 10 * i, y: grab.y, id: 1 }]);
      // The second finger lands on the canvas, left of the first (the inspector is on the right).
      const second = { x: Math.max(canvas.x + 30, grab.x - 160), y: grab.y + 80, id: 2 };
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, second)).toBe('CANVAS');
      await touches(cdp, 'touchStart', [{ x: grab.x + 40, y: grab.y, id: 1 }, second]);
      // Fingers apart: zoom in.
      for (let i = 1; i <= 8; i++) {
        await touches(cdp, 'touchMove', [{ x: grab.x + 40 + 12 * i, y: grab.y - 8 * i, id: 1 }, { x: second.x - 12 * i, y: second.y + 8 * i, id: 2 }]);
      }
      await touches(cdp, 'touchEnd', []);
      await poll(async () => distance(await camera(page), orbit), 'pinched').toBeGreaterThan(0.05);
      expect((await doc(page)).pictures.at(-1)!.position).toEqual(moved.position);
      expect(await undoSize(page)).toBe(steps + 1);
      expect(errors).toEqual([]);
    } finally {
      await context.close().catch(() => undefined);
      context = undefined;
    }
  }, 600_000);
});
