import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

let app: RunningApp;
const poll = <T>(fn: () => Promise<T> | T, message?: string) => expect.poll(fn, { timeout: 20_000, interval: 150, message });

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('home: premade spaces show engine renders', () => {
  it('lazy-loads three 640x360 WebP renders from /static/thumbnails without shifting the layout', async () => {
    const page = await newPage();
    const images: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/static/thumbnails/')) images.push(`${r.status()} ${r.headers()['content-type']} ${r.url()}`);
    });
    await page.goto(app.baseURL + '/');
    const cards = page.locator('#premade-title').locator('xpath=ancestor::section').locator('figure img');
    await poll(() => cards.count()).toBe(3);
    // Width and height are in the markup, so the box is reserved before any byte arrives.
    const before = await cards.first().boundingBox();
    expect(before!.height).toBeGreaterThan(100);
    await cards.first().scrollIntoViewIfNeeded();
    await poll(() => cards.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth === 640))).toBe(true);
    expect((await cards.first().boundingBox())!.height).toBeCloseTo(before!.height, 0);
    expect(await cards.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).loading))).toEqual(['lazy', 'lazy', 'lazy']);
    expect(images).toHaveLength(3);
    for (const line of images) expect(line).toMatch(/^200 image\/webp /);
    expect(page.errors).toEqual([]);
    await page.locator('#premade-title').scrollIntoViewIfNeeded();
    await snap(page, 'home-premade');
  });
});
