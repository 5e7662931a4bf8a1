import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, startApp, type RunningApp } from './support/harness.ts';
import { HOME_JS_CSS_BUDGET, HOME_JS_CSS_CEILING, HOME_READY, jsCssTransfer, totalBytes } from './support/homeTransfer.ts';

// Issue 17 Done-when: the home page's JS + CSS within 170 KB gzip — not met yet (192.5 KB), so this
// holds the line at HOME_JS_CSS_CEILING: it fails as soon as a change pulls something heavy into the
// first load (zod through a shared module, all of Mantine's CSS, the engine), and names the largest
// files so the culprit is visible in the failure. It prints the distance to the 170 KB goal each run.

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('web: home page weight', () => {
  it('the home page downloads no more JS and CSS (gzip) than the ceiling, and no engine or three.js', async () => {
    const page = await newPage({ width: 412, height: 823 });
    const files = await jsCssTransfer(page, app.baseURL + '/', HOME_READY);
    const total = totalBytes(files);
    const largest = [...files]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((f) => `${new URL(f.url).pathname} ${(f.bytes / 1024).toFixed(1)} KB`);
    expect(totalBytes(files, 'script')).toBeGreaterThan(0);
    expect(totalBytes(files, 'stylesheet')).toBeGreaterThan(0);
    console.log(`home JS+CSS ${(total / 1024).toFixed(1)} KB (goal ${HOME_JS_CSS_BUDGET / 1024} KB, ceiling ${HOME_JS_CSS_CEILING / 1024} KB)`);
    expect(total, `home JS+CSS ${(total / 1024).toFixed(1)} KB; largest: ${largest.join(', ')}`).toBeLessThanOrEqual(HOME_JS_CSS_CEILING);
    // The viewer and editor chunks carry the engine; the home must never load them.
    expect(files.map((f) => new URL(f.url).pathname).filter((p) => /ViewerPage|EditorPage|three|engine/i.test(p))).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
