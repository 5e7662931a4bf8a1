// Renders the demo in headless Chromium (SwiftShader WebGL) and saves screenshots for review.
// Usage: node packages/engine/demo/screenshot.ts http://127.0.0.1:5199/ /tmp/shots
import { chromium, type Page } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:5199/';
const out = process.argv[3] ?? '/tmp/engine-shots';
const { mkdirSync } = await import('node:fs');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const shots: [string, string, ((p: Page) => Promise<void>)?][] = [
  ['orbit', '?mode=editor&quality=Medium'],
  ['player', '?mode=viewer&quality=Medium', async (p) => {
    await p.evaluate(() => (window as never as { engine: { teleport(a: number[], b: number[]): void } }).engine.teleport([6, 0, 7.5], [0.05, 0, 0]));
  }],
  ['corner', '?mode=viewer&quality=Medium', async (p) => {
    await p.evaluate(() => (window as never as { engine: { teleport(a: number[], b: number[]): void } }).engine.teleport([3, 0, 7.5], [-0.05, -2.3, 0]));
  }],
];
for (const [name, query, act] of shots) {
  const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${name}] ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => console.log(`[${name}] pageerror: ${e.message}`));
  await page.goto(base + query);
  await page.waitForFunction(() => (window as never as { demoReady?: boolean }).demoReady, null, { timeout: 90_000 });
  if (act) await act(page);
  await page.waitForTimeout(2500);
  const stats = await page.evaluate(() => {
    const e = (window as never as { engine: { getStats(): unknown; getState(): { progress: unknown; lifecycle: string } } }).engine;
    return { stats: e.getStats(), progress: e.getState().progress, lifecycle: e.getState().lifecycle };
  });
  console.log(name, JSON.stringify(stats));
  await page.screenshot({ path: `${out}/${name}.png` });
  await page.close();
}
await browser.close();
