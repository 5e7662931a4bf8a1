// Which reflection environments `npm run bake` prefilters (scripts/bake-environments.ts) and the
// content key of each. A key covers what the environment is made from: the sky's definition, the
// code that paints or loads its image, the engine's gradient sky and environment size, three's
// prefilter and the file format. Any change gives a new key, so a stale file is never served under
// an old name, and the manifest test fails until `npm run bake` runs again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { skies, type SkyDefinition } from '@atrium/assets';
import { ENV_SIZE, GRADIENT_SIGMA } from '../packages/engine/src/render/envMaps.ts';
import { isDarkSky } from '../packages/engine/src/render/lighting.ts';
import { ENVIRONMENT_PREFIX } from './bakedFiles.ts';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const SOURCES = [
  'packages/assets/src/skies/paint.ts',
  'packages/assets/src/three/sky.ts',
  'packages/assets/src/three/hdri.ts',
  'packages/assets/src/three/envPack.ts',
  'packages/engine/src/render/sky.ts',
].map((f) => path.join(root, f));

/** Night skies light with the daylight gradient's environment (engine render/environment.ts environmentKey), so they have none of their own. */
export function bakedEnvironmentSkies(): SkyDefinition[] {
  return skies.filter((s) => !isDarkSky(s));
}

/** Engine environment keys that get a baked file: the daylight gradient and every other library sky. */
export function bakedEnvironmentKeys(): string[] {
  return ['gradient', ...bakedEnvironmentSkies().map((s) => `sky:${s.id}`)];
}

let common: string | null = null;
function commonHash(): string {
  if (common) return common;
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f));
  h.update(JSON.stringify({ ENV_SIZE, GRADIENT_SIGMA })).update(fs.readFileSync(require.resolve('three/src/extras/PMREMGenerator.js')));
  return (common = h.digest('hex'));
}

/** The content key of one environment's baked file: 12 hex digits. */
export function envBakeKey(key: string): string {
  const h = createHash('sha256').update(commonHash()).update(key);
  const sky = key.startsWith('sky:') ? skies.find((s) => `sky:${s.id}` === key) : undefined;
  if (sky) h.update(JSON.stringify(sky));
  if (sky?.kind === 'hdri' && sky.hdri) h.update(fs.readFileSync(require.resolve(`@pmndrs/assets/hdri/${sky.hdri.file}.exr.js`)));
  return h.digest('hex').slice(0, 12);
}

/** File name of an environment's baked data under packages/assets/baked. */
export function envBakeFile(key: string): string {
  return `${ENVIRONMENT_PREFIX}${key.replace(/^sky:/, '')}.${envBakeKey(key)}.bin`;
}
