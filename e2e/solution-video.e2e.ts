import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLUTION_SLUGS } from '../apps/web/src/layout/nav.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// Every solution page's hero is the self-made product recording (scripts/render-hero-video.ts):
// the video and its poster are served, the browser decodes the video's metadata, and it plays muted
// and looping unless the visitor asks for reduced motion.

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

type VideoState = { src: string; poster: string; readyState: number; error: number | null; muted: boolean; loop: boolean; autoplay: boolean; paused: boolean; duration: number };
const videoState = (page: Awaited<ReturnType<typeof newPage>>) =>
  page.locator('video').evaluate((v: HTMLVideoElement): VideoState => ({
    src: v.currentSrc, poster: v.poster, readyState: v.readyState, error: v.error?.code ?? null,
    muted: v.muted, loop: v.loop, autoplay: v.autoplay, paused: v.paused, duration: v.duration,
  }));

describe('solution pages: hero video', () => {
  it('each solution page loads its hero video and poster (no 404), muted and looping', async () => {
    const page = await newPage();
    for (const slug of SOLUTION_SLUGS) {
      const responses: { url: string; status: number }[] = [];
      page.on('response', (r) => responses.push({ url: r.url(), status: r.status() }));
      await page.goto(`${app.baseURL}/solutions/${slug}`);
      await page.locator('video').waitFor();
      await expect.poll(async () => (await videoState(page)).readyState, { timeout: 30_000, message: `${slug}: metadata decoded` }).toBeGreaterThanOrEqual(1);
      const v = await videoState(page);
      expect(v, slug).toMatchObject({ error: null, muted: true, loop: true, autoplay: true });
      expect(v.duration, `${slug}: a real clip`).toBeGreaterThan(5);
      for (const url of [v.src, v.poster]) {
        const res = await page.request.get(url);
        expect(res.status(), url).toBe(200);
      }
      expect(responses.filter((r) => r.status >= 400), slug).toEqual([]);
      page.removeAllListeners('response');
    }
    await snap(page, 'solution-hero-video');
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('with reduced motion the video does not autoplay and offers controls', async () => {
    const page = await newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${app.baseURL}/solutions/${SOLUTION_SLUGS[0]}`);
    await page.locator('video[controls]').waitFor();
    const v = await videoState(page);
    expect(v).toMatchObject({ autoplay: false, paused: true, error: null });
  }, 60_000);
});
