// `npm run thumbnails [filter…]`: renders every premade template and demo space with the engine in
// headless Chromium (SwiftShader) and writes 640x360 WebP files to packages/assets/thumbnails/,
// which the server serves at /static/thumbnails/. Commit the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { listTemplates } from '@atrium/assets';
import { DEMO_SPACES } from '@atrium/assets/demo-spaces';
import { startEnginePages, waitForPageState } from './engine-pages.ts';

const outDir = path.resolve(import.meta.dirname, '../packages/assets/thumbnails');
const filters = process.argv.slice(2);
const jobs = [
  ...listTemplates().map((t) => ({ name: t.spaceTemplateId, query: `template=${t.spaceTemplateId}` })),
  ...DEMO_SPACES.map((s) => ({ name: s.demoKey, query: `demo=${s.demoKey}` })),
  { name: 'lobby', query: 'lobby' },
].filter((j) => filters.length === 0 || filters.some((f) => j.name.includes(f)));

fs.mkdirSync(outDir, { recursive: true });
const pages = await startEnginePages();
try {
  // One page for the whole batch: modules load once and painted library textures stay cached.
  const page = await pages.open('thumbnail.html?quality=High');
  await page.waitForFunction(() => 'thumbnail' in window, null, { timeout: 180_000 });
  for (const job of jobs) {
    const started = Date.now();
    await page.evaluate((q) => { void (window as unknown as { thumbnail: { show(q: string): Promise<void> } }).thumbnail.show(q); }, job.query);
    await waitForPageState(page, 'thumbnail');
    const png = await page.screenshot({ type: 'png' });
    const file = path.join(outDir, `${job.name}.webp`);
    const img = sharp(png);
    const { channels } = await img.stats();
    // A black or blank canvas is a bug, not a thumbnail: refuse to write it.
    const mean = channels.slice(0, 3).reduce((s, c) => s + c.mean, 0) / 3;
    const spread = channels.slice(0, 3).reduce((s, c) => s + c.stdev, 0) / 3;
    if (mean < 25 || spread < 8) {
      const rejected = path.join(os.tmpdir(), `${job.name}.rejected.png`);
      fs.writeFileSync(rejected, png);
      throw new Error(`${job.name}: render looks empty (mean ${mean.toFixed(1)}, stdev ${spread.toFixed(1)}); see ${rejected}`);
    }
    await img.resize(640, 360).webp({ quality: 80 }).toFile(file);
    console.log(`${job.name.padEnd(28)} ${(fs.statSync(file).size / 1024).toFixed(0).padStart(4)} kB  mean ${mean.toFixed(0)}  ${Date.now() - started} ms`);
  }
} finally {
  await pages.close();
}
