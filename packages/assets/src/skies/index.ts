import { hdriSkies } from './hdri.ts';
import { proceduralSkies } from './procedural.ts';
import type { SkyDefinition } from './types.ts';

export * from './types.ts';
export { paintSky, sunDirection, type SkyImage } from './paint.ts';

export const skies: readonly SkyDefinition[] = [...proceduralSkies, ...hdriSkies];

const byId = new Map(skies.map((s) => [s.id, s]));

export function getSky(id: string): SkyDefinition | undefined {
  return byId.get(id);
}

export function listSkies(): SkyDefinition[] {
  return [...skies];
}

// Scene documents store a sky as `customSpace.skyUri`. Built-in skies use this scheme so an
// uploaded .hdr/.exr URL and a library sky can share the one field.
export const BUILTIN_SKY_PREFIX = 'atrium:sky/';

export function skyUri(id: string): string {
  return BUILTIN_SKY_PREFIX + id;
}

/** The built-in sky a skyUri names, or undefined for external URLs and unknown ids. */
export function skyFromUri(uri: string | null | undefined): SkyDefinition | undefined {
  return uri?.startsWith(BUILTIN_SKY_PREFIX) ? getSky(uri.slice(BUILTIN_SKY_PREFIX.length)) : undefined;
}
