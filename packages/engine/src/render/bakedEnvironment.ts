import { CompressedCubeTexture, HalfFloatType, LinearFilter, LinearMipmapLinearFilter, LinearSRGBColorSpace, RGBAFormat, type Texture } from 'three';
import { fetchBakedEnvironment, type UnpackedEnvironment } from './envFetch.ts';

/**
 * A baked environment (`npm run bake`, packed by envPack.ts) as a cube texture three uses like a
 * PMREM: same face size and mip chain as the prefilter's output and the stand-in shown before it,
 * so materials keep their program. Download, gunzip and decode run in a worker.
 */
export async function loadBakedEnvironment(url: string): Promise<Texture> {
  const { size, levels } = typeof Worker === 'undefined'
    ? await fetchBakedEnvironment(url)
    : await decodeInWorker(url);
  const faces = [0, 1, 2, 3, 4, 5].map((f) => ({
    width: size, height: size,
    mipmaps: levels.map((level, l) => ({ data: level[f]!, width: size >> l, height: size >> l })),
  }));
  const texture = new CompressedCubeTexture(faces as never, RGBAFormat as never, HalfFloatType);
  texture.isPMREMTexture = true;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.colorSpace = LinearSRGBColorSpace;
  texture.name = 'PMREM:baked';
  texture.needsUpdate = true;
  return texture;
}

function decodeInWorker(url: string): Promise<UnpackedEnvironment> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./envDecode.worker.ts', import.meta.url), { type: 'module' });
    worker.onerror = (e) => { worker.terminate(); reject(new Error(e.message || 'environment decode worker failed')); };
    worker.onmessage = (e: MessageEvent<{ env?: UnpackedEnvironment; error?: string }>) => {
      worker.terminate();
      if (e.data.env) resolve(e.data.env);
      else reject(new Error(e.data.error ?? 'environment decode failed'));
    };
    worker.postMessage({ url });
  });
}
