// Drives the demo in headless Chromium: walks with the keyboard, clicks a picture, walks into the
// portal and plays the tour, printing what the engine reported. Usage: node demo/interact.ts URL
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:5199/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(base + '?mode=viewer&quality=Lowest', { timeout: 120_000 });
await page.waitForFunction(() => (window as never as { demoReady?: boolean }).demoReady, null, { timeout: 90_000 });
type W = { engine: { teleport(p: number[], r: number[]): void; getPlayerPosition(): number[]; on(n: string, f: (e: unknown) => void): void; tours: { play(id: string): Promise<void>; next(): Promise<void> }; getMapInfo(): unknown }; got: unknown[] };
await page.evaluate(() => {
  const w = window as never as W;
  w.got = [];
  for (const n of ['itemActivated', 'portal', 'tourProgress', 'selectionChanged']) w.engine.on(n, (e) => w.got.push([n, (e as { id?: string; portalId?: string; title?: string }).id ?? (e as { portalId?: string }).portalId ?? (e as { title?: string }).title]));
});
const pos = () => page.evaluate(() => (window as never as W).engine.getPlayerPosition().map((v) => +v.toFixed(2)));

// 1. walk north towards the wall for 4 s: must stop in front of it (z > 0.1 + radius)
await page.evaluate(() => (window as never as W).engine.teleport([6, 0, 3], [0, 0, 0]));
await page.waitForTimeout(500);
await page.click('canvas', { position: { x: 5, y: 395 } });
await page.keyboard.down('KeyW');
await page.waitForTimeout(4000);
await page.keyboard.up('KeyW');
console.log('after walking into north wall', await pos());

// 2. typing in an input must not move the player
const before = await pos();
await page.evaluate(() => document.exitPointerLock());
await page.focus('#chat');
await page.keyboard.down('KeyS');
await page.waitForTimeout(1500);
await page.keyboard.up('KeyS');
console.log('typing in input moved player?', JSON.stringify(before) !== JSON.stringify(await pos()));

// 3. click the big picture in front
await page.evaluate(() => (window as never as W).engine.teleport([6, 0, 3], [0.05, 0, 0]));
await page.waitForTimeout(1000);
await page.mouse.click(320, 170);
await page.waitForTimeout(800);

// 4. walk into the portal → teleports to its target point
await page.evaluate(() => (window as never as W).engine.teleport([2.2, 0, 7], [0, 0, 0]));
await page.waitForTimeout(1500);
console.log('after portal', await pos());

// 5. tour
await page.evaluate(() => (window as never as W).engine.tours.play('tour'));
await page.evaluate(() => (window as never as W).engine.tours.next());
console.log('after tour step 2', await pos());
console.log('events', JSON.stringify(await page.evaluate(() => (window as never as W).got)));
console.log('map', JSON.stringify(await page.evaluate(() => (window as never as W).engine.getMapInfo())).slice(0, 200));
await page.screenshot({ path: '/tmp/engine-shots/interact.png' });
await browser.close();
