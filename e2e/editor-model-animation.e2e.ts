import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SceneDocument } from '@atrium/shared';
import { ANIMATED_CLIPS, animatedModelGlb } from '../packages/engine/src/items/animatedModel.test-helpers.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { signUp } from './support/accounts.ts';
import { LOAD_TIMEOUT, poll, shot, waitFrames, type Page, type Vec3 } from './support/viewer.ts';

// Issue 13 item 21: a skinned, animated glTF placed with autoplay used to stand in its rest pose.
// Through the editor: place the model by URL, see its clips in the inspector's picker, choose one and
// switch Autoplay on; the editor keeps drawing while it plays. Then the saved draft in the viewer:
// the bones move with time, the picture changes, and the clip holds while the model is off-screen.

const MODEL_PATH = '/e2e-fixtures/waving-column.glb';

interface AnimationInfo { clips: string[]; clip: string | null; playing: boolean; onScreen: boolean; time: number }
interface EngineHandle {
  getModelAnimation(id: string): AnimationInfo | null;
  getItemObject(id: string): { getObjectByName(name: string): { quaternion: { x: number; y: number; z: number; w: number } } | undefined } | undefined;
  getStats(): { frames: number };
  teleport(p: Vec3, r?: Vec3): void;
}
interface TestWindow {
  __atriumEditor?: { history: { document: SceneDocument }; engine: EngineHandle; focusSelection(): void };
  __atriumEngine?: EngineHandle;
}

let app: RunningApp;
let glb: Buffer;

beforeAll(async () => {
  // The run's shared server: an empty draft of the file's own is all this needs.
  app = await startApp();
  glb = Buffer.from(await animatedModelGlb());
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

const animation = (page: Page, id: string) =>
  page.evaluate((i) => {
    const w = window as unknown as TestWindow;
    return (w.__atriumEditor?.engine ?? w.__atriumEngine)!.getModelAnimation(i);
  }, id);
/** Rotation (degrees) of one joint of the placed model, as three.js holds it after the last frame. */
const jointDegrees = (page: Page, id: string, joint: string) =>
  page.evaluate(([i, j]) => {
    const w = window as unknown as TestWindow;
    const q = (w.__atriumEditor?.engine ?? w.__atriumEngine)!.getItemObject(i!)!.getObjectByName(j!)!.quaternion;
    return (2 * Math.acos(Math.min(1, Math.abs(q.w))) * 180) / Math.PI * Math.sign(q.z || q.y || 1);
  }, [id, joint]);
const frames = (page: Page) => page.evaluate(() => {
  const w = window as unknown as TestWindow;
  return (w.__atriumEditor?.engine ?? w.__atriumEngine)!.getStats().frames;
});

/** Share of canvas pixels that differ noticeably between two screenshots of the same view. */
async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  let changed = 0;
  for (let i = 0; i < x!.length; i += 3) {
    if (Math.abs(x![i]! - y![i]!) + Math.abs(x![i + 1]! - y![i + 1]!) + Math.abs(x![i + 2]! - y![i + 2]!) > 60) changed++;
  }
  return changed / (x!.length / 3);
}

/** A new account, signed in over HTTP (the sign-up form has tests of its own), then at `path`. */
async function signUpInto(page: Page, path: string) {
  await signUp(page, 'Ana Mator', 'ana@example.org', 'keyframes-42', { goto: path });
}

describe('animated 3D models (browser)', () => {
  it('lists the clips in the inspector and plays the chosen one in the editor and the viewer', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    // The model is served to the browser as any hosted .glb would be; the same rule covers the preview tab.
    await page.context().route(`**${MODEL_PATH}`, (route) => route.fulfill({ body: glb, contentType: 'model/gltf-binary' }));
    // The preview opens in a new tab: errors are collected for every page of the context.
    const errors: string[] = [];
    page.context().on('weberror', (e) => errors.push(String(e.error())));
    page.context().on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    try {
      page.setDefaultTimeout(90_000);
      await signUpInto(page, '/curate');
      await page.getByTestId('editor').waitFor({ timeout: 150_000 });
      await poll(() => page.evaluate(() => Boolean((window as unknown as TestWindow).__atriumEditor)), 'editor ready', 150_000).toBe(true);
      await poll(() => page.getByTestId('autosave-toggle').isEnabled(), 'autosave switch ready').toBe(true);
      await page.getByTestId('autosave-toggle').uncheck();

      // Place the model by URL: it is selected, and once loaded the picker offers its clips.
      await page.getByTestId('step-content').click();
      await page.getByTestId('model-url').fill(MODEL_PATH);
      await page.getByTestId('add-model').click();
      const doc = () => page.evaluate(() => (window as unknown as TestWindow).__atriumEditor!.history.document);
      await poll(async () => (await doc()).models3d.length, 'model placed').toBe(1);
      const id = (await doc()).models3d[0]!.id;
      const picker = page.getByTestId('inspector-animation-clip');
      await poll(() => picker.isEnabled(), 'clips loaded', LOAD_TIMEOUT).toBe(true);
      await expect(picker.inputValue()).resolves.toBe(ANIMATED_CLIPS[0]);
      expect(await animation(page, id)).toMatchObject({ clips: [...ANIMATED_CLIPS], playing: false });
      await picker.click();
      const options = page.getByRole('option');
      await poll(() => options.allInnerTexts(), 'clip options').toEqual([...ANIMATED_CLIPS]);
      await page.evaluate(() => (window as unknown as TestWindow).__atriumEditor!.focusSelection());
      await snap(page, 'editor-model-clip-picker');
      await options.filter({ hasText: 'Wave' }).click();
      await poll(async () => (await doc()).models3d[0]!.animationClip, 'clip chosen').toBe('Wave');
      await page.getByTestId('inspector-autoplay').check();
      await poll(async () => (await doc()).models3d[0]!.autoplayAnimation, 'autoplay on').toBe(true);
      expect((await doc()).models3d[0]!.loopAnimation).toBe(true);

      // The editor renders on demand; while the clip plays in view every engine tick is drawn. A tick
      // advances the clip by at most 0.1 s, so a second of clip time means at least ten drawn frames
      // (without the redraw request: one heartbeat frame every 4 s, the arm frozen on screen).
      await poll(async () => (await animation(page, id))?.playing ?? false, 'playing in the editor', LOAD_TIMEOUT).toBe(true);
      expect((await animation(page, id))!.clip).toBe('Wave');
      const drawnBefore = await frames(page);
      let last = (await animation(page, id))!.time;
      let advanced = 0;
      const clipSeconds = 2; // the fixture's clips last 2 s; looping wraps the time
      await poll(async () => {
        const now = (await animation(page, id))!.time;
        advanced += (now - last + clipSeconds) % clipSeconds;
        last = now;
        return advanced;
      }, 'clip time advances in the editor', LOAD_TIMEOUT).toBeGreaterThan(1);
      expect((await frames(page)) - drawnBefore, 'frames drawn while the clip played').toBeGreaterThanOrEqual(8);
      await poll(async () => Math.abs(await jointDegrees(page, id, 'Arm')), 'arm swings', LOAD_TIMEOUT).toBeGreaterThan(10);
      await snap(page, 'editor-model-playing');

      await page.getByTestId('save-button').click();
      await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
      const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('preview-button').click()]);
      // The viewer helpers take harness pages; this tab's errors go to `errors` above instead.
      const viewer: Page = Object.assign(popup, { errors: [] as string[] });
      await page.close(); // one SwiftShader page at a time
      await viewer.locator('[data-viewer-state="ready"]').waitFor({ timeout: LOAD_TIMEOUT });
      await poll(async () => (await animation(viewer, id))?.clip ?? null, 'model loaded in the viewer', LOAD_TIMEOUT).toBe('Wave');

      // Stand 3 m in front of the model, looking at it (yaw 0 looks along -z).
      const model = await viewer.evaluate((i) => {
        const p = (window as unknown as TestWindow).__atriumEngine!.getItemObject(i) as unknown as { position: { x: number; y: number; z: number } };
        return [p.position.x, p.position.y, p.position.z] as Vec3;
      }, id);
      await viewer.evaluate((p) => (window as unknown as TestWindow).__atriumEngine!.teleport(p as Vec3, [0, 0, 0]), [model[0], model[1], model[2] + 3] as Vec3);
      await poll(async () => (await animation(viewer, id))?.onScreen ?? false, 'model in view', LOAD_TIMEOUT).toBe(true);
      await waitFrames(viewer, 3, 'view settled');

      // The pose follows the clock: the arm's angle changes, and so does the picture.
      const first = await shot(viewer, 'viewer-model-pose-a');
      const angle = await jointDegrees(viewer, id, 'Arm');
      await poll(async () => Math.abs((await jointDegrees(viewer, id, 'Arm')) - angle), 'arm moved', LOAD_TIMEOUT).toBeGreaterThan(30);
      const second = await shot(viewer, 'viewer-model-pose-b');
      const share = await changedShare(first, second);
      console.log(`animated model: arm ${angle.toFixed(0)}° → ${(await jointDegrees(viewer, id, 'Arm')).toFixed(0)}°, ${(share * 100).toFixed(2)}% of pixels changed`);
      expect(share).toBeGreaterThan(0.002);

      // Turned away, the clip holds its time and pose; facing it again, it carries on.
      await viewer.evaluate((p) => (window as unknown as TestWindow).__atriumEngine!.teleport(p as Vec3, [0, Math.PI, 0]), [model[0], model[1], model[2] + 3] as Vec3);
      await poll(async () => (await animation(viewer, id))!.onScreen, 'model off-screen', LOAD_TIMEOUT).toBe(false);
      const held = (await animation(viewer, id))!.time;
      await waitFrames(viewer, 6, 'frames while looking away');
      expect((await animation(viewer, id))!).toMatchObject({ time: held, onScreen: false, playing: true });
      await viewer.evaluate((p) => (window as unknown as TestWindow).__atriumEngine!.teleport(p as Vec3, [0, 0, 0]), [model[0], model[1], model[2] + 3] as Vec3);
      await poll(async () => (await animation(viewer, id))!.time !== held, 'plays again in view', LOAD_TIMEOUT).toBe(true);
      expect(errors.filter((e) => /model|gltf|animation|mixer/i.test(e))).toEqual([]);
    } finally {
      await Promise.all(page.context().pages().map((p) => p.close()));
    }
  }, 600_000);
});
