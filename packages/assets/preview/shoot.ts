/// <reference types="node" />
// Screenshots of the preview with headless Chromium (SwiftShader). Run the Vite server first:
//   npx vite packages/assets/preview --port 5180
//   node packages/assets/preview/shoot.ts [outDir] [view-query ...]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const out = process.argv[2] ?? '/tmp/atrium-assets-shots';
const views = process.argv.slice(3).length ? process.argv.slice(3) : ['view=props', 'view=materials', 'view=sky&sky=sunset', 'view=artworks'];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
page.on('console', (m) => { if (m.type() === 'error') console.error('page:', m.text()); });
page.on('pageerror', (e) => console.error('page error:', e.message));
for (const q of views) {
  const t0 = Date.now();
  await page.goto(`http://localhost:5180/?${q}`);
  await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 240_000 });
  const file = `${out}/${q.replace(/[^a-z0-9]+/gi, '-')}.png`;
  await page.screenshot({ path: file });
  console.log(file, `${Date.now() - t0} ms`);
}
await browser.close();
