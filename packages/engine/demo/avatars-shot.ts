// Screenshots of demo/avatars.html for review: node packages/engine/demo/avatars-shot.ts <base url> <out dir> [query…]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:5231/avatars.html', out = '/tmp/avatar-shots', ...queries] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'] });
for (const q of queries.length ? queries : ['']) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 560 } });
  page.on('pageerror', (e) => console.log(`[${q}] pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') console.log(`[${q}] ${m.text()}`); });
  await page.goto(`${base}?${q}`);
  await page.waitForFunction(() => (window as never as { avatarsReady?: boolean }).avatarsReady, null, { timeout: 120_000 });
  const name = q.replace(/[^a-z0-9]+/gi, '-') || 'lineup';
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  console.log(`${out}/${name}.png`);
  await page.close();
}
await browser.close();
