// `node scripts/render-hero-video.ts`: records the solution pages' hero video from the running
// product. Starts a seeded server (PGlite) with the built web app (WEB_DIST, build it first), walks
// the 3D lobby in headless Chromium (SwiftShader) and through a portal into a demo space, taking a
// screenshot per engine step, and stitches the frames with ffmpeg into a small VP9 WebM plus a
// poster under apps/web/public/video/. Commit the results.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOBBY_SCENE_ID } from '@atrium/assets/lobby-id';
import { closeBrowser, newPage, startApp } from '../e2e/support/harness.ts';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/video');
const FPS = 8;
const frameDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-hero-'));
const app = await startApp({ database: 'pglite' });
let n = 0;
try {
  const page = await newPage({ width: 960, height: 540 });
  await page.addInitScript(() => localStorage.setItem('atrium.viewer.settings', JSON.stringify({ quality: 'Medium', renderQuality: 100, targetFramerate: 30, filtering: 'High' })));
  type Engine = { getStats(): { frames: number } };
  const frames = () => page.evaluate(() => (window as unknown as { __atriumEngine: Engine }).__atriumEngine.getStats().frames);
  const ready = (id: string) => page.locator(`[data-scene-id="${id}"][data-viewer-state="ready"]`).waitFor({ timeout: 300_000 });
  // One screenshot per drawn engine frame: SwiftShader is slow, so wall-clock capture would stutter.
  const capture = async (count: number, key?: string) => {
    if (key) await page.keyboard.down(key);
    for (let i = 0; i < count; i++) {
      const f0 = await frames();
      while ((await frames()) === f0) await page.waitForTimeout(20);
      await page.screenshot({ path: path.join(frameDir, `f${String(n++).padStart(4, '0')}.png`) });
    }
    if (key) await page.keyboard.up(key);
  };
  await page.goto(`${app.baseURL}/viewer/${LOBBY_SCENE_ID}`);
  await ready(LOBBY_SCENE_ID);
  await page.mouse.move(480, 270);
  await capture(8);
  await capture(24, 'KeyW');
  await capture(10, 'KeyA');
  await capture(8, 'ArrowLeft');
  const before = page.url();
  await page.keyboard.down('KeyW');
  await page.waitForURL((u) => u.toString() !== before, { timeout: 300_000 });
  await page.keyboard.up('KeyW');
  const target = page.url().split('/viewer/')[1]!;
  await ready(target);
  await capture(10);
  await capture(24, 'KeyW');
  await capture(10, 'ArrowRight');
} finally {
  await closeBrowser();
  await app.stop();
}

fs.mkdirSync(OUT, { recursive: true });
const run = (args: string[]) => {
  const r = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed`);
};
const video = path.join(OUT, 'solution-hero.webm');
run(['-framerate', String(FPS), '-i', path.join(frameDir, 'f%04d.png'), '-vf', 'scale=960:540', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-deadline', 'good', '-row-mt', '1', '-an', video]);
run(['-i', path.join(frameDir, 'f0000.png'), '-vf', 'scale=960:540', '-q:v', '70', path.join(OUT, 'solution-hero-poster.webp')]);
fs.rmSync(frameDir, { recursive: true, force: true });
console.log(`${n} frames at ${FPS} fps → ${video} (${(fs.statSync(video).size / 1024).toFixed(0)} kB)`);
