import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, startApp, type RunningApp } from './support/harness.ts';

// Issue 17 (Lighthouse on Explore): "Happening now" answers after the filters and the grid have been
// drawn on a slow phone; it used to appear only then and push them down (CLS 0.045). Holding its answer
// back until the grid is on screen makes that order certain here, and the page must not move.

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('explore: nothing moves while the page loads', () => {
  it('the filters and the grid stay put when "Happening now" arrives last', async () => {
    const page = await newPage({ width: 412, height: 823 });
    let release!: () => void;
    const gridShown = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/publishedscene/metadata/happeningnow', async (route) => {
      await gridShown;
      // Nothing happening (other files' visitors could be in a space now): a list of cards would rightly
      // take more room than the line it replaces.
      await route.fulfill({ json: [] });
    });
    // Layout shifts not caused by input, summed as Cumulative Layout Shift counts them.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${app.baseURL}/explore`);
    await page.getByText('Recommended', { exact: true }).waitFor({ timeout: 60_000 });
    await page.locator('article').first().waitFor({ timeout: 60_000 });
    const filtersBefore = await page.getByText('Recommended', { exact: true }).boundingBox();
    release();
    await page.getByTestId('happening-now-empty').waitFor({ timeout: 60_000 });
    // Two frames, so a shift from the answer's render is observed.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const filtersAfter = await page.getByText('Recommended', { exact: true }).boundingBox();
    expect(filtersAfter?.y).toBe(filtersBefore?.y);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    expect(page.errors).toEqual([]);
  }, 180_000);
});
