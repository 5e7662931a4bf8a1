import { BackSide, Color, EquirectangularReflectionMapping, Mesh, Scene, ShaderMaterial, SphereGeometry, type Texture } from 'three';
import { HDRLoader } from 'three/examples/jsm/loaders/HDRLoader.js';
import { SUN_DIRECTION } from './lighting.ts';

// A cheap procedural sky: zenith-to-horizon gradient, ground haze and a soft sun glow. It also
// feeds PMREM so metals and glossy floors reflect something plausible with no download.
const vertexShader = /* glsl */ `
varying vec3 vDir;
void main() {
  vDir = normalize((modelMatrix * vec4(position, 0.0)).xyz);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_Position.z = gl_Position.w;
}`;
const fragmentShader = /* glsl */ `
uniform vec3 zenith; uniform vec3 horizon; uniform vec3 ground; uniform vec3 sunDir;
varying vec3 vDir;
void main() {
  vec3 d = normalize(vDir);
  float h = d.y;
  vec3 sky = mix(horizon, zenith, pow(clamp(h, 0.0, 1.0), 0.6));
  vec3 col = h >= 0.0 ? sky : mix(horizon * 0.9, ground, clamp(-h * 6.0, 0.0, 1.0));
  float s = max(dot(d, sunDir), 0.0);
  col += vec3(1.0, 0.9, 0.7) * (pow(s, 600.0) * 8.0 + pow(s, 12.0) * 0.25);
  gl_FragColor = vec4(col, 1.0);
}`;

export function createGradientSky(): Mesh {
  const mat = new ShaderMaterial({
    vertexShader, fragmentShader, side: BackSide, depthWrite: false,
    uniforms: {
      zenith: { value: new Color('#3f7fd1') },
      horizon: { value: new Color('#cfe3f5') },
      ground: { value: new Color('#7d8a70') },
      sunDir: { value: SUN_DIRECTION.clone() },
    },
  });
  const mesh = new Mesh(new SphereGeometry(900, 32, 16), mat);
  mesh.name = 'sky';
  mesh.frustumCulled = false;
  mesh.renderOrder = -1;
  return mesh;
}

/** What the engine's daylight gradient environment is prefiltered from (at run time, or by `npm run bake`). */
export function gradientEnvironmentScene(sky: Mesh = createGradientSky()): Scene {
  const scene = new Scene();
  const mesh = sky.clone();
  mesh.visible = true;
  scene.add(mesh);
  return scene;
}

/** An uploaded .hdr sky as an equirectangular texture (its environment is prefiltered by `EnvironmentMaps`). */
export async function loadHdrTexture(url: string, onProgress?: (loaded: number, total: number) => void): Promise<Texture> {
  const tex = await new HDRLoader().loadAsync(url, (e) => onProgress?.(e.loaded, e.total));
  tex.mapping = EquirectangularReflectionMapping;
  return tex;
}
