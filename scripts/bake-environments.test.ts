import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skies, skyUri } from '@atrium/assets';
import { BAKED_ENVIRONMENTS } from '@atrium/assets/three';
import { unpackEnvironment } from '@atrium/assets/three/env-pack';
import { ENV_SIZE } from '../packages/engine/src/render/envMaps.ts';
import { environmentKey } from '../packages/engine/src/render/environment.ts';
import { bakedEnvironmentKeys, envBakeFile, envBakeKey } from './envBakeKey.ts';

describe('baked reflection environments (npm run bake)', () => {
  it('has a file for the gradient and every library sky the engine lights with, named by its current key', () => {
    const keys = bakedEnvironmentKeys();
    // Every environment key a library sky (or no sky) resolves to is baked.
    for (const sky of skies) expect(keys).toContain(environmentKey(skyUri(sky.id), sky));
    expect(keys).toContain('gradient');
    expect(Object.keys(BAKED_ENVIRONMENTS).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const file = fileURLToPath(BAKED_ENVIRONMENTS[key]!);
      // A changed sky, painter, prefilter or format gives a new key: the stale file would be cached forever under its old name.
      expect(path.basename(file), `${key} is baked from older sources: run npm run bake`).toBe(envBakeFile(key));
      expect(fs.existsSync(file), `${file} is missing: run npm run bake`).toBe(true);
    }
  });

  it('holds the full mip chain of the engine environment size', () => {
    const { size, levels } = unpackEnvironment(zlib.gunzipSync(fs.readFileSync(fileURLToPath(BAKED_ENVIRONMENTS['sky:noon']!))));
    expect(size).toBe(ENV_SIZE);
    expect(levels.map((faces) => faces.length)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(levels.map((faces) => faces[0]!.length / 4)).toEqual([256, 128, 64, 32, 16, 8].map((s) => s * s));
  });

  it('keys differ per sky and are stable', () => {
    expect(envBakeKey('sky:noon')).toBe(envBakeKey('sky:noon'));
    expect(envBakeKey('sky:noon')).toMatch(/^[0-9a-f]{12}$/);
    expect(envBakeKey('sky:noon')).not.toBe(envBakeKey('sky:dawn'));
  });
});
