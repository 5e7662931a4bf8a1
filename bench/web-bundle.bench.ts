// Bytes the browser transfers for the home route (JS + CSS, compressed as served), measured in Chromium.
// e2e/web-budget.e2e.ts fails past the same budget; this prints the figures and the largest files.
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { closeBrowser, newPage, startApp } from '../e2e/support/harness.ts';
import { HOME_JS_CSS_BUDGET, HOME_READY, jsCssTransfer, totalBytes } from '../e2e/support/homeTransfer.ts';
import { line } from './support.ts';

buildWebIfStale();
const app = await startApp();
const page = await newPage();
const files = await jsCssTransfer(page, app.baseURL, HOME_READY);
const js = totalBytes(files, 'script');
const css = totalBytes(files, 'stylesheet');
line('home route JS transferred (KB, gzip)', (js / 1024).toFixed(1));
line('home route CSS transferred (KB, gzip)', (css / 1024).toFixed(1));
line('home route JS+CSS transferred (KB, gzip)', ((js + css) / 1024).toFixed(1), `≤ ${HOME_JS_CSS_BUDGET / 1024} KB`);
line('home route script/stylesheet requests', String(files.length));
for (const f of [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 8))
  console.log(`    ${new URL(f.url).pathname} ${(f.bytes / 1024).toFixed(1)} KB`);
await closeBrowser();
await app.stop();
