import { unpackEnvironment } from '@atrium/assets/three/env-pack';

export type UnpackedEnvironment = ReturnType<typeof unpackEnvironment>;

/** Fetches a gzip'd baked environment and unpacks it (in the decode worker, or on the page without workers). Imports no three. */
export async function fetchBakedEnvironment(url: string): Promise<UnpackedEnvironment> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status} for ${url}`);
  const bytes = new Uint8Array(await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  return unpackEnvironment(bytes);
}
