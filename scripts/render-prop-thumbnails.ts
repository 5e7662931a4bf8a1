// `node scripts/render-prop-thumbnails.ts [filter…]`: renders every library prop with three.js in
// headless Chromium (SwiftShader) through the assets preview (`?view=prop`) and writes 160x160 WebP
// files to packages/assets/thumbnails/props/<propId>.webp, which the server serves at
// /static/thumbnails/props/ and the editor's props library shows. Commit the results; re-run when a
// prop recipe or the props' materials change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { listProps } from '@atrium/assets';
import { CHROMIUM_ARGS } from './engine-pages.ts';

const outDir = path.resolve(import.meta.dirname, '../packages/assets/thumbnails/props');
const filters = process.argv.slice(2);
const ids = listProps().map((p) => p.propId).filter((id) => filters.length === 0 || filters.some((f) => id.includes(f)));
fs.mkdirSync(outDir, { recursive: true });

const root = path.resolve(import.meta.dirname, '../packages/assets/preview');
const server = await createServer({ root, logLevel: 'warn', server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false } });
await server.listen();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 320, height: 320 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.log(`  pageerror: ${e.message}`));
  await page.goto(new URL('?view=prop', server.resolvedUrls!.local[0]!).toString(), { timeout: 180_000 });
  await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, null, { timeout: 180_000 });
  // The preview's navigation links are for people; the thumbnail is the canvas alone.
  await page.addStyleTag({ content: '#nav, #labels { display: none !important; }' });
  for (const id of ids) {
    const started = Date.now();
    await page.evaluate((p) => (window as unknown as { showProp(id: string): void }).showProp(p), id);
    await page.waitForFunction((p) => {
      const s = (window as unknown as { propShot?: { ready: boolean; id: string } }).propShot;
      return s?.ready === true && s.id === p;
    }, id, { timeout: 60_000, polling: 100 });
    const png = await page.screenshot({ type: 'png' });
    const img = sharp(png);
    const { channels } = await img.stats();
    // A prop that drew nothing leaves the plain backdrop (stdev 0): refuse to write it. A flat white
    // ceiling disc on the light backdrop measures about 0.9, so the bar sits below that.
    const spread = channels.slice(0, 3).reduce((s, c) => s + c.stdev, 0) / 3;
    if (spread < 0.5) {
      const rejected = path.join(os.tmpdir(), `${id}.rejected.png`);
      fs.writeFileSync(rejected, png);
      throw new Error(`${id}: render looks empty (stdev ${spread.toFixed(1)}); see ${rejected}`);
    }
    const file = path.join(outDir, `${id}.webp`);
    await img.resize(160, 160).webp({ quality: 78 }).toFile(file);
    console.log(`${id.padEnd(24)} ${(fs.statSync(file).size / 1024).toFixed(1).padStart(5)} kB  ${Date.now() - started} ms`);
  }
} finally {
  await browser.close();
  await server.close();
}
