// Bytes the browser transfers for the home route (JS + CSS, compressed as served), measured in Chromium.
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { closeBrowser, newPage } from '../e2e/support/harness.ts';
import { line, startApp } from './support.ts';

buildWebIfStale();
const app = await startApp();
const page = await newPage();
await page.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
const sizes: { url: string; type: string; bytes: number }[] = [];
page.on('requestfinished', async (req) => {
  const type = req.resourceType();
  if (type !== 'script' && type !== 'stylesheet') return;
  const s = await req.sizes();
  sizes.push({ url: req.url(), type, bytes: s.responseBodySize });
});
await page.goto(app.baseURL, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
const js = sizes.filter((s) => s.type === 'script').reduce((a, s) => a + s.bytes, 0);
const css = sizes.filter((s) => s.type === 'stylesheet').reduce((a, s) => a + s.bytes, 0);
line('home route JS transferred (KB, gzip)', (js / 1024).toFixed(1));
line('home route CSS transferred (KB, gzip)', (css / 1024).toFixed(1));
line('home route JS+CSS transferred (KB, gzip)', ((js + css) / 1024).toFixed(1), '≤ 170 KB');
line('home route script/stylesheet requests', String(sizes.length));
await closeBrowser();
await app.stop();
