// Developer preview of the built-in content, rendered with three.js directly (not the engine).
// Views: ?view=props | prop (thumbnails, window.showProp) | materials | sky&sky=<id> | artworks; optional &category=<prop category>.
import {
  ACESFilmicToneMapping, Box3, BoxGeometry, Color, Group, Mesh, MeshStandardMaterial, PCFSoftShadowMap,
  PerspectiveCamera, PlaneGeometry, Scene, SphereGeometry, SRGBColorSpace, TextureLoader, Vector3, WebGLRenderer, type Object3D,
} from 'three';
import { artworkDataUrl, artworks, listProps, materials, type PropCategory } from '../src/index.ts';
import { applySky, buildProp, createMaterial, createSkyLights } from '../src/three/index.ts';
import { getSky } from '../src/skies/index.ts';
import { buildTemplateScene, frameCamera } from './template.ts';

const params = new URLSearchParams(location.search);
const view = params.get('view') ?? 'props';
const renderer = new WebGLRenderer({ antialias: true });
renderer.setPixelRatio(1);
renderer.setSize(innerWidth, innerHeight);
renderer.outputColorSpace = SRGBColorSpace;
renderer.toneMapping = ACESFilmicToneMapping;
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = PCFSoftShadowMap;
document.body.prepend(renderer.domElement);
const scene = new Scene();
const camera = new PerspectiveCamera(35, innerWidth / innerHeight, 0.1, 2000);
const labels: { obj: Object3D; el: HTMLElement; offset: Vector3 }[] = [];

/** A DOM label following `obj`, drawn at its origin plus `offset` (world metres). */
function label(obj: Object3D, text: string, offset = new Vector3(0, 0, 0.9)): void {
  const el = document.createElement('span');
  el.textContent = text;
  document.getElementById('labels')!.append(el);
  labels.push({ obj, el, offset });
}

function placeLabels(): void {
  for (const { obj, el, offset } of labels) {
    const p = obj.getWorldPosition(new Vector3()).add(offset).project(camera);
    el.style.left = `${((p.x + 1) / 2) * innerWidth}px`;
    el.style.top = `${((1 - p.y) / 2) * innerHeight}px`;
  }
}

function ground(size: number, materialId = 'polished-concrete'): Mesh {
  const g = new Mesh(new PlaneGeometry(size, size), createMaterial(materialId, { repeat: [size / 4, size / 4] }));
  g.rotation.x = -Math.PI / 2;
  g.receiveShadow = true;
  scene.add(g);
  return g;
}

function sunFor(skyId: string, span: number): void {
  const { sun, hemisphere } = createSkyLights(getSky(skyId)!);
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  const c = sun.shadow.camera;
  c.left = c.bottom = -span;
  c.right = c.top = span;
  c.far = 200;
  sun.shadow.bias = -0.0005;
  sun.position.multiplyScalar(2);
  hemisphere.intensity *= 0.5;
  scene.add(sun, sun.target, hemisphere);
}

/** Props in a grid, each scaled to fit a cell so a tree and a vase are both readable. */
function propsView(): void {
  const category = params.get('category') as PropCategory | null;
  const list = listProps(category ?? undefined);
  const cols = Math.ceil(Math.sqrt(list.length * 1.6));
  const cell = 2.2;
  const rows = Math.ceil(list.length / cols);
  list.forEach((recipe, i) => {
    const g = buildProp(recipe.propId);
    const size = new Box3().setFromObject(g).getSize(new Vector3());
    const fit = Math.min(1, 1.7 / Math.max(size.x, size.y, size.z));
    g.scale.setScalar(fit);
    g.rotation.y = -0.5;
    g.position.set((i % cols - (cols - 1) / 2) * cell, 0, (Math.floor(i / cols) - (rows - 1) / 2) * cell);
    g.traverse((o) => { if ((o as Mesh).isMesh) (o as Mesh).castShadow = (o as Mesh).castShadow && true; });
    scene.add(g);
    label(g, fit < 1 ? `${recipe.title} (×${fit.toFixed(2)})` : recipe.title);
  });
  ground(cols * cell + 10, 'polished-concrete');
  const w = cols * cell, d = rows * cell;
  const dist = Math.max(w * 0.85, d * 1.3, 5);
  camera.position.set(0, dist * 0.62, dist * 0.8 + d / 2);
  camera.lookAt(0, 0, d * 0.12);
  return sunFor('studio', Math.max(w, d));
}

/** One cube per material, in rows by category, with the id under each. */
function materialsView(): void {
  const cols = 10;
  const rows = Math.ceil(materials.length / cols);
  const box = new BoxGeometry(1, 1, 1);
  materials.forEach((m, i) => {
    const mesh = new Mesh(box, createMaterial(m.id));
    mesh.position.set((i % cols - (cols - 1) / 2) * 1.7, 0.5, (Math.floor(i / cols) - (rows - 1) / 2) * 1.9);
    mesh.rotation.y = Math.PI / 5;
    mesh.castShadow = mesh.receiveShadow = true;
    scene.add(mesh);
    label(mesh, m.id, new Vector3(0, -0.5, 0.75));
  });
  ground(40, 'tiles-slate');
  camera.position.set(0, 15, 13.5);
  camera.lookAt(0, 0, 0.6);
  sunFor('studio', 14);
}

/** A sky seen at eye level, with chrome and matte spheres showing its reflections and light. */
function skyView(): void {
  const skyId = params.get('sky') ?? 'noon';
  ground(200, 'paving');
  const chrome = new Mesh(new SphereGeometry(0.8, 48, 32), new MeshStandardMaterial({ color: '#ffffff', metalness: 1, roughness: 0.05 }));
  chrome.position.set(-1.2, 0.8, 0);
  const matte = new Mesh(new SphereGeometry(0.8, 48, 32), new MeshStandardMaterial({ color: new Color('#d8d4cc'), roughness: 0.9 }));
  matte.position.set(1.2, 0.8, 0);
  for (const m of [chrome, matte]) { m.castShadow = true; scene.add(m); }
  const tree = buildProp('tree');
  tree.position.set(5, 0, -6);
  const lamp = buildProp('street-lamp');
  lamp.position.set(-4, 0, -3);
  scene.add(tree, lamp);
  camera.position.set(0, 1.7, 7);
  camera.lookAt(0, 2.2, -10);
  sunFor(skyId, 12);
}

/** The generative artworks hung in a row. */
function artworksView(): void {
  const loader = new TextureLoader();
  const group = new Group();
  let x = 0;
  const items = artworks.map((a) => {
    const h = 1.2, w = h * a.aspect;
    const mat = new MeshStandardMaterial({ color: '#ffffff', roughness: 0.8 });
    loader.load(artworkDataUrl(a.id), (t) => { t.colorSpace = SRGBColorSpace; mat.map = t; mat.needsUpdate = true; });
    const mesh = new Mesh(new PlaneGeometry(w, h), mat);
    const frame = new Mesh(new BoxGeometry(w + 0.1, h + 0.1, 0.04), new MeshStandardMaterial({ color: '#2b2622' }));
    frame.position.z = -0.03;
    mesh.add(frame);
    return { mesh, w, title: a.title };
  });
  const perRow = 5;
  items.forEach((it, i) => {
    if (i % perRow === 0) x = 0;
    it.mesh.position.set(x + it.w / 2, 2.4 - Math.floor(i / perRow) * 1.7, 0);
    x += it.w + 0.4;
    group.add(it.mesh);
    label(it.mesh, it.title, new Vector3(0, -0.75, 0));
  });
  const bounds = new Box3().setFromObject(group);
  group.position.x = -bounds.getCenter(new Vector3()).x;
  scene.add(group);
  const wall = new Mesh(new PlaneGeometry(30, 10), createMaterial('white'));
  wall.position.set(0, 2, -0.06);
  scene.add(wall);
  camera.position.set(0, 1.6, 9.5);
  camera.lookAt(0, 1.6, 0);
  sunFor('studio', 10);
}

/**
 * One prop at a time for the props library's thumbnails (`scripts/render-prop-thumbnails.ts`):
 * `window.showProp(id)` swaps the prop, frames it three-quarter from above and sets
 * `window.propShot.ready` once a few frames are drawn.
 */
function propView(): void {
  const holder = new Group();
  scene.add(holder);
  const floor = new Mesh(new PlaneGeometry(60, 60), new MeshStandardMaterial({ color: '#e9ecf1', roughness: 1 }));
  floor.rotation.x = -Math.PI / 2;
  floor.receiveShadow = true;
  scene.add(floor);
  sunFor('studio', 4);
  const w = window as unknown as { showProp(id: string): void; propShot: { ready: boolean; id: string } };
  w.propShot = { ready: false, id: '' };
  w.showProp = (id: string) => {
    holder.clear();
    const g = buildProp(id);
    g.rotation.y = -0.55;
    holder.add(g);
    const box = new Box3().setFromObject(g);
    const centre = box.getCenter(new Vector3());
    const radius = box.getSize(new Vector3()).length() / 2;
    // Far enough that the bounding sphere fills about 85 % of the square view at 35°.
    const dist = radius / Math.sin((camera.fov * Math.PI) / 360) / 0.85;
    // Ceiling fittings hang high and face down: look up at them instead.
    const up = box.min.y > 1 ? -0.45 : 0.45;
    camera.position.copy(centre).add(new Vector3(0.35, up, 1).normalize().multiplyScalar(dist));
    camera.near = dist / 50;
    camera.far = dist * 10;
    camera.updateProjectionMatrix();
    camera.lookAt(centre);
    w.propShot = { ready: false, id };
    let frames = 0;
    const tick = () => {
      renderer.render(scene, camera);
      if (++frames < 4) requestAnimationFrame(tick);
      else w.propShot = { ready: true, id };
    };
    requestAnimationFrame(tick);
  };
}

/** A premade template's document (?id=gallery-m&cam=top|start). */
function templateView(): string {
  const { doc, bounds, skyId } = buildTemplateScene(params.get('id') ?? 'gallery-m', scene);
  frameCamera(camera, doc, bounds, params.get('cam') ?? 'top');
  const size = bounds.getSize(new Vector3());
  sunFor(skyId, Math.max(size.x, size.z) * 0.7);
  return skyId;
}

async function main(): Promise<void> {
  let skyId = view === 'sky' ? (params.get('sky') ?? 'noon') : 'studio';
  if (view === 'template') skyId = templateView();
  else if (view === 'materials') materialsView();
  else if (view === 'sky') skyView();
  else if (view === 'artworks') artworksView();
  else if (view === 'prop') propView();
  else propsView();
  await applySky(renderer, scene, skyId);
  if (view !== 'sky' && view !== 'template') scene.backgroundIntensity = 0.6;
  // Thumbnails sit on the app's light panels: a plain light backdrop, lit by the studio sky.
  if (view === 'prop') { scene.background = new Color('#e9ecf1'); (window as unknown as { __ready: boolean }).__ready = true; return; }
  let frames = 0;
  renderer.setAnimationLoop(() => {
    renderer.render(scene, camera);
    placeLabels();
    // Screenshots wait for a few frames so textures have uploaded.
    if (++frames === 4) (window as unknown as { __ready: boolean }).__ready = true;
  });
}

void main();
