// The bench's baseline: a minimal three.js page that loads a space exported as GLB with GLTFLoader
// and draws it with comparable settings to the engine at Medium (no MSAA, pixel ratio 1, 1024
// shadows, a sun and sky fill). `?glb=URL&x=&z=&yaw=&startAt=`; sets window.bare = { ready, ms }.
import {
  ACESFilmicToneMapping, Color, DirectionalLight, HemisphereLight, PCFShadowMap, PerspectiveCamera, SRGBColorSpace,
  Scene, WebGLRenderer, type Mesh,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { gpuDone } from './gpuDone.ts';
import { waitForStartAt } from './startAt.ts';

const params = new URLSearchParams(location.search);
const state: { ready: boolean; error?: string; ms?: { contentFrame: number; contentDrawn: number; fullyLoaded: number; drawn: number } } = { ready: false };
Object.assign(window, { bare: state });

const container = document.getElementById('app')!;
const renderer = new WebGLRenderer({ antialias: false });
renderer.setPixelRatio(1);
renderer.setSize(container.clientWidth, container.clientHeight);
renderer.outputColorSpace = SRGBColorSpace;
renderer.toneMapping = ACESFilmicToneMapping;
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = PCFShadowMap;
container.appendChild(renderer.domElement);

const scene = new Scene();
scene.background = new Color('#cfe3f5');
const camera = new PerspectiveCamera(70, container.clientWidth / container.clientHeight, 0.05, 2000);
camera.position.set(Number(params.get('x') ?? 0), 1.6, Number(params.get('z') ?? 0));
camera.rotation.set(0, Number(params.get('yaw') ?? 0), 0, 'YXZ');
const sun = new DirectionalLight('#fff3e0', 2.6);
sun.position.set(-15, 25, 10);
sun.castShadow = true;
sun.shadow.mapSize.set(1024, 1024);
Object.assign(sun.shadow.camera, { left: -30, right: 30, top: 30, bottom: -30, far: 100 });
scene.add(new HemisphereLight('#dfeeff', '#8a7a66', 1.1), sun);
let start = 0;
let added = false;
let resolveFrame: (ms: number) => void = () => {};
const contentFrame = new Promise<number>((r) => { resolveFrame = r; });
let drawn: Promise<number> | null = null;
renderer.setAnimationLoop(() => {
  renderer.render(scene, camera);
  if (!added) return;
  resolveFrame(performance.now() - start);
  drawn ??= gpuDone(renderer.getContext() as WebGL2RenderingContext).then((t) => { performance.mark('bench:drawn'); return t; });
});

try {
  await waitForStartAt(params);
  start = performance.now();
  performance.mark('bench:load'); // the viewer bench reads the GPU process's busy time between the marks from a trace
  const gltf = await new GLTFLoader().loadAsync(params.get('glb')!);
  gltf.scene.traverse((o) => {
    if ((o as Mesh).isMesh) o.castShadow = o.receiveShadow = true;
  });
  scene.add(gltf.scene);
  added = true;
  // GLTFLoader resolves once every embedded texture is decoded, so the first frame with the
  // content is also the fully loaded one.
  const t = await contentFrame;
  performance.mark('bench:loaded');
  const d = (await drawn!) - start;
  state.ms = { contentFrame: t, contentDrawn: d, fullyLoaded: t, drawn: d };
  state.ready = true;
} catch (err) {
  state.error = String(err);
}
