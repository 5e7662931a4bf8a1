import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'vitest';
import { ROOT, newPage } from './harness.ts';

// Helpers for driving the real viewer in SwiftShader. On a shared 2-core machine SwiftShader can
// drop to a frame or two per second and compile each shader for seconds, so waits are generous and
// movement is counted in engine frames (each simulates at most 0.1 s), never in wall-clock time.

export type Page = Awaited<ReturnType<typeof newPage>>;
export type Vec3 = [number, number, number];

/** The viewer exposes its engine as window.__atriumEngine to automated browsers (navigator.webdriver). */
export interface TestWindow {
  __atriumEngine: {
    getPlayerPosition(): Vec3;
    teleport(p: Vec3, r?: Vec3): void;
    getStats(): { frames: number };
    getState(): { filtering: string; quality: string; tour: { index: number } | null };
  };
}

export const LOAD_TIMEOUT = 180_000;
export const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) =>
  expect.poll(fn, { timeout, interval: 200, message });

/** Low preset, half resolution: the lightest settings, stored the way the Settings panel stores them. */
export const LOW_SETTINGS = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });

export async function viewerPage(size?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(size);
  await page.addInitScript((s) => {
    if (!localStorage.getItem('atrium.viewer.settings')) localStorage.setItem('atrium.viewer.settings', s);
  }, LOW_SETTINGS);
  return page;
}

/** Waits until the stage for this scene reports the engine ready for input. */
export async function waitReady(page: Page, sceneId: string): Promise<void> {
  await page.locator(`[data-scene-id="${sceneId}"][data-viewer-state="ready"]`).waitFor({ timeout: LOAD_TIMEOUT });
}

/** Client-side navigation (as a link or portal does): the app and its chunks stay loaded. */
export async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

export const frames = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getStats().frames);
export const position = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition());
export const engineState = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getState());

export async function waitFrames(page: Page, count: number, message = `${count} frames`) {
  const start = await frames(page);
  await poll(async () => (await frames(page)) - start >= count, message, LOAD_TIMEOUT).toBe(true);
}

/** Holds a key for at least `count` engine frames and `minMs`. */
export async function holdFrames(page: Page, key: string, count: number, minMs = 500) {
  const start = await frames(page);
  const t0 = Date.now();
  await page.keyboard.down(key);
  await poll(async () => (await frames(page)) - start >= count && Date.now() - t0 >= minMs, `${count} frames with ${key} down`, LOAD_TIMEOUT).toBe(true);
  await page.keyboard.up(key);
}

/** A screenshot that tolerates slow frames; also saved under .test-results/ for people to look at. */
export async function shot(page: Page, name: string): Promise<Buffer> {
  const dir = path.join(ROOT, '.test-results');
  fs.mkdirSync(dir, { recursive: true });
  return page.screenshot({ path: path.join(dir, `${name}.png`), timeout: LOAD_TIMEOUT });
}
