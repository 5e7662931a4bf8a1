// `npm run bake` (second half): prefilters the reflection environment of the engine's daylight
// gradient and of every library sky once, here, in headless Chromium with the engine's own code
// (packages/engine/demo/bakeEnv.ts), and writes each as gzip'd packed data named by its content key
// (packages/assets/baked/env-<sky>.<key>.bin), plus the manifest the engine loads them through
// (packages/assets/src/three/bakedEnvironments.ts). A visitor's browser then downloads ~100s of kB
// instead of running three's PMREMGenerator (about a second of SwiftShader, a GPU stall elsewhere)
// on every fresh page. Files whose key is unchanged are kept; stale ones are removed. Commit the results.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startEnginePages } from './engine-pages.ts';
import { bakedEnvironmentKeys, envBakeFile } from './envBakeKey.ts';
import { BAKED_DIR, ENVIRONMENT_PREFIX, bakeSummary, pruneBaked, writeManifest } from './bakedFiles.ts';

fs.mkdirSync(BAKED_DIR, { recursive: true });
const keys = bakedEnvironmentKeys();
const missing = keys.filter((k) => !fs.existsSync(path.join(BAKED_DIR, envBakeFile(k))));
if (missing.length > 0) {
  const pages = await startEnginePages();
  try {
    const page = await pages.open('bake-env.html');
    await page.waitForFunction(() => (window as unknown as { bakeReady?: boolean }).bakeReady, null, { timeout: 120_000 });
    for (const key of missing) {
      const packed = Buffer.from(await page.evaluate((k) => (window as unknown as { bakeEnvironment(k: string): Promise<string> }).bakeEnvironment(k), key), 'base64');
      fs.writeFileSync(path.join(BAKED_DIR, envBakeFile(key)), zlib.gzipSync(packed, { level: 9 }));
      console.log(`  ${key}: ${(packed.length / 1024).toFixed(0)} kB packed`);
    }
  } finally {
    await pages.close();
  }
}
const bytes = pruneBaked(new Set(keys.map(envBakeFile)), (f) => f.startsWith(ENVIRONMENT_PREFIX));
writeManifest('bakedEnvironments', {
  script: 'bake-environments.ts',
  about: "The engine's reflection environments (prefiltered cube maps, packed by envPack.ts, gzip'd) by environment key.",
  exportName: 'BAKED_ENVIRONMENTS',
  files: keys.map((k) => [k, envBakeFile(k)] as const),
});
console.log(bakeSummary(keys.length, 'baked environments', `${missing.length} prefiltered now`, bytes));
