// `npm run bake` opens this page (scripts/bake-environments.ts): it prefilters a library sky's
// reflection environment with the engine's own EnvironmentMaps (three's PMREMGenerator), exactly
// as a visitor's browser would, reads every face and mip back and returns it packed (envPack.ts).
import { getSky } from '@atrium/assets';
import { packEnvironment } from '@atrium/assets/three/env-pack';
import { WebGLRenderer, type WebGLCubeRenderTarget } from 'three';
import { EnvironmentMaps } from '../src/render/envMaps.ts';
import { gradientEnvironmentScene } from '../src/render/sky.ts';
import { librarySkyTexture } from '../src/render/skyPainter.ts';

const renderer = new WebGLRenderer();
renderer.extensions.get('EXT_color_buffer_float');

async function bakeEnvironment(key: string): Promise<string> {
  const maps = EnvironmentMaps.forRenderer(renderer);
  try {
    let target: WebGLCubeRenderTarget;
    if (key === 'gradient') target = maps.fromScene(key, gradientEnvironmentScene()) as unknown as WebGLCubeRenderTarget;
    else {
      const sky = getSky(key.replace(/^sky:/, ''));
      if (!sky) throw new Error(`Unknown sky ${key}`);
      target = maps.fromEquirect(key, await librarySkyTexture(sky)) as unknown as WebGLCubeRenderTarget;
    }
    const packed = packEnvironment(readCube(target), target.width);
    let bin = '';
    for (let i = 0; i < packed.length; i += 0x8000) bin += String.fromCharCode(...packed.subarray(i, i + 0x8000));
    return btoa(bin);
  } finally {
    maps.dispose();
  }
}

/** Every mip level of every face as RGBA float, rows from t = 0. */
function readCube(target: WebGLCubeRenderTarget): Float32Array[][] {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const texture = (renderer.properties.get(target.texture) as { __webglTexture: WebGLTexture }).__webglTexture;
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  const levels: Float32Array[][] = [];
  for (let level = 0; level < target.texture.mipmaps.length; level++) {
    const size = target.width >> level;
    const faces: Float32Array[] = [];
    for (let face = 0; face < 6; face++) {
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_CUBE_MAP_POSITIVE_X + face, texture, level);
      const data = new Float32Array(size * size * 4);
      gl.readPixels(0, 0, size, size, gl.RGBA, gl.FLOAT, data);
      faces.push(data);
    }
    levels.push(faces);
  }
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.deleteFramebuffer(fb);
  renderer.resetState();
  return levels;
}

Object.assign(window, { bakeEnvironment, bakeReady: true });
