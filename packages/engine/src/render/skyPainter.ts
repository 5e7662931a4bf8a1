import type { Texture } from 'three';
import { paintSky, type SkyDefinition, type SkyImage } from '@atrium/assets';
import { loadSkyTexture, skyTextureFromImage, skyTextureWidth } from '@atrium/assets/three';

/**
 * A library sky's background texture. Gradient skies are painted in a worker (tens of ms for a day
 * sky, a third of a second for the night sky's stars, none of it on the main thread); HDRI skies
 * load their bundled file. Without workers (tests), the sky is painted here.
 */
export async function librarySkyTexture(sky: SkyDefinition): Promise<Texture> {
  if (sky.kind === 'hdri' || typeof Worker === 'undefined') return loadSkyTexture(sky);
  return skyTextureFromImage(sky, await paintInWorker(sky, skyTextureWidth(sky)));
}

function paintInWorker(sky: SkyDefinition, width: number): Promise<SkyImage> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./skyPaint.worker.ts', import.meta.url), { type: 'module' });
    const done = (image: SkyImage) => { worker.terminate(); resolve(image); };
    // A worker that cannot start or fails still gives a sky: painted here instead.
    worker.onerror = () => done(paintSky(sky, width));
    worker.onmessage = (e: MessageEvent<{ image?: SkyImage }>) => done(e.data.image ?? paintSky(sky, width));
    worker.postMessage({ id: sky.id, width });
  });
}
