// Lighthouse (mobile profile, the npm `lighthouse` package with the Chromium here) for home, a guide and
// Explore: performance, accessibility, best practices and SEO, plus the audits that cost points.
// LH_RUNS=n runs each page n times and reports the median (the machine is shared; one run is noisy).
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { CHROMIUM, ROOT, startApp } from '../e2e/support/harness.ts';
import { line } from './support.ts';

const PAGES = [
  ['home', '/'],
  ['guide', '/resources/guides/create-your-first-space'],
  ['explore', '/explore'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));

buildWebIfStale();
const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-gpu-sandbox',
  ],
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let failed = false;
try {
  for (const [name, route] of PAGES) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const losing = new Map<string, string>();
    for (let i = 0; i < RUNS; i++) {
      const run = async () =>
        (
          await lighthouse(new URL(route, app.baseURL).toString(), {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          })
        )?.lhr;
      // A trace that could not be recorded (NO_NAVSTART and the like, seen on a busy machine) is run once more.
      let lhr = await run();
      if (lhr?.runtimeError) lhr = await run();
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
      if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const c of CATEGORIES) {
        const cat = lhr.categories[c]!;
        scores[c]!.push(Math.round((cat.score ?? 0) * 100));
        for (const ref of cat.auditRefs) {
          const a = lhr.audits[ref.id]!;
          if (ref.weight > 0 && a.score !== null && a.score < 0.9)
            losing.set(`${c}/${a.id}`, `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
      if (i === 0) {
        // The full report of the first run, for reading what an audit found (element, sizes, colours).
        const dir = path.join(ROOT, '.test-results');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `lighthouse-${name}.json`), JSON.stringify(lhr));
      }
      if (i === 0)
        line(
          `${name} host benchmark index (higher = less loaded)`,
          String(Math.round(lhr.environment.benchmarkIndex)),
        );
      if (i === 0)
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ])
          line(`${name} ${id}`, lhr.audits[id]?.displayValue ?? '?');
    }
    for (const c of CATEGORIES) {
      const s = median(scores[c]!);
      if (s < 95) failed = true;
      line(`${name} ${c}${RUNS > 1 ? ` (median of ${RUNS})` : ''}`, String(s), '≥ 95');
    }
    for (const [id, title] of losing) console.log(`    below 0.9: ${id}: ${title}`);
  }
} finally {
  chrome.kill();
  await app.stop();
}
if (failed) console.log('some scores are below the 95 target');
