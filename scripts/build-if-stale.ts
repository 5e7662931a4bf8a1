// Builds the web app only when its sources changed since the last build, so `npm start` stays quick.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// WEB_DIST (also read by the server) lets parallel e2e runs build into and serve from their own folder.
const outDir = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const marker = path.join(outDir, 'index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/mantineCss.ts', 'apps/web/mantineThemeVars.ts', 'apps/web/postcss.config.cjs', 'apps/web/precompress.ts', 'apps/web/bootChunk.ts', 'apps/web/public', 'packages/shared/src', 'packages/engine/src', 'packages/assets/src'];

function newestMtime(p: string): number {
  const abs = path.join(root, p);
  if (!fs.existsSync(abs)) return 0;
  const stat = fs.statSync(abs);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(abs, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

export function buildWebIfStale(): void {
  if (!webBuildIsStale() && !process.argv.includes('--force')) return;
  console.log('Building the web app…');
  // Build beside the live folder and swap it in, so a server already serving the old build (another
  // test run, `npm start`) never sees an emptied folder; the old hashed assets are carried over because
  // such a server still hands out the old index.html that names them.
  const staging = `${outDir}.building-${process.pid}`;
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@atrium/web', '--', '--outDir', staging, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest's global setup runs with NODE_ENV=test, which would make Vite bundle React's slow
    // development build; e2e tests and `npm start` must exercise the production bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
  swapIntoPlace(staging);
}

const KEEP_OLD_ASSETS_MS = 24 * 60 * 60 * 1000;

function swapIntoPlace(staging: string): void {
  const oldAssets = path.join(outDir, 'assets');
  const newAssets = path.join(staging, 'assets');
  if (fs.existsSync(oldAssets) && fs.existsSync(newAssets)) {
    const cutoff = Date.now() - KEEP_OLD_ASSETS_MS;
    for (const name of fs.readdirSync(oldAssets)) {
      const from = path.join(oldAssets, name);
      const to = path.join(newAssets, name);
      const stat = fs.statSync(from);
      if (fs.existsSync(to) || stat.mtimeMs < cutoff) continue;
      fs.copyFileSync(from, to);
      // Keep the original time so a file stops being carried once it is a day old.
      fs.utimesSync(to, stat.atime, stat.mtime);
    }
  }
  const retired = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, retired);
  fs.renameSync(staging, outDir);
  fs.rmSync(retired, { recursive: true, force: true });
}

if (import.meta.filename === process.argv[1]) buildWebIfStale();
