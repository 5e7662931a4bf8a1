// Premade templates and demo spaces framed for thumbnails and timed for the viewer bench.
// `?template=gallery-m`, `?demo=demo-gallery` or `?lobby` loads one on open; `window.thumbnail.show(query)`
// loads another into the same engine (painted textures stay cached, so a batch runs faster).
// `window.thumbnail` = { ready, error?, ms, stats } once the engine reports fullyLoaded and ten
// more frames have drawn (shadow maps, PMREM).
import { getTemplate } from '@atrium/assets';
import { DEMO_SPACES, buildDemoDocument } from '@atrium/assets/demo-spaces';
import { buildLobbyDocument } from '@atrium/assets/lobby';
import { Group, Mesh, MeshStandardMaterial, PlaneGeometry, SRGBColorSpace, Texture, type InstancedMesh, type Material } from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { Engine, type QualityPreset } from '../src/index.ts';
import { gallery200, mixed2000 } from './bench-docs.ts';
import { UpdateItemCommand } from '../src/editor/index.ts';
import { ProgressTracker } from '../src/loading/progress.ts';
import { decodeLayerImage } from '../src/loading/textures.ts';
import { isNeutral } from '../src/render/programs.ts';
import { gpuDone } from './gpuDone.ts';
import { waitForStartAt } from './startAt.ts';

interface ThumbState {
  ready: boolean;
  error?: string;
  /**
   * From the load() call: first frame showing the space (`contentFrame` issued, `contentDrawn` once
   * the GPU had finished it), the engine's fullyLoaded (the complete frame issued) and `drawn` (the
   * GPU had finished it); and how many frames were drawn from load to loaded, the last included
   * (each a quarter second under SwiftShader).
   */
  ms?: { contentFrame: number; contentDrawn: number; fullyLoaded: number; framesToLoaded: number; drawn: number };
  stats?: { drawCalls: number; triangles: number; frames: number };
  show(query: string): Promise<void>;
}

export function documentFor(params: URLSearchParams): unknown {
  if (params.has('gallery200')) return gallery200();
  if (params.has('mixed2000')) return mixed2000();
  if (params.has('lobby')) return buildLobbyDocument(DEMO_SPACES.map((s) => ({ sceneId: s.demoKey, title: s.title })));
  const template = params.get('template');
  if (template) {
    const t = getTemplate(template);
    if (!t) throw new Error(`Unknown template ${template}`);
    return t.document;
  }
  const key = params.get('demo');
  const i = DEMO_SPACES.findIndex((s) => s.demoKey === key);
  if (i < 0) throw new Error(`Unknown demo space ${key}`);
  const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
  return buildDemoDocument(DEMO_SPACES[i]!, { sceneId: next.demoKey, label: next.portalLabel });
}

const first = new URLSearchParams(location.search);
const engine = new Engine({ container: document.getElementById('app')!, quality: (first.get('quality') as QualityPreset | null) ?? 'High', mobile: false });
Object.assign(window, { engine });
await engine.configure({ prewarmShaders: false });

const state: ThumbState = {
  ready: false,
  async show(query) {
    state.ready = false;
    state.error = undefined;
    try {
      const params = new URLSearchParams(query);
      // Built before the clock starts: a visitor's engine gets its document as parsed JSON from the
      // API, and the bare page's GLB was exported before its clock too.
      const input = documentFor(params);
      await waitForStartAt(params);
      const start = performance.now();
      performance.mark('bench:load'); // the viewer bench reads the GPU process's busy time between the marks from a trace
      const frames0 = engine.getStats().frames;
      let framesToLoaded = 0;
      let drawn: Promise<number> = Promise.resolve(NaN);
      const loaded = new Promise<number>((resolve) => {
        const off = engine.on('loaded', () => {
          off();
          performance.mark('bench:loaded');
          // Emitted right after the frame completing the load was issued: the fence follows its commands.
          drawn = gpuDone(engine.renderer.getContext() as WebGL2RenderingContext).then((t) => { performance.mark('bench:drawn'); return t; });
          framesToLoaded = engine.getStats().frames - frames0;
          resolve(performance.now() - start);
        });
      });
      // Checked in the animation frame after the engine's: the fence follows the first frame with
      // content, and is read again as the next frame starts (before its uploads hold the main thread).
      const contentFrame = new Promise<{ issued: number; drawn: Promise<number> }>((resolve) => {
        const tick = () => {
          const s = engine.getStats();
          if (s.frames > frames0 && s.drawCalls > 3) {
            const drawn = gpuDone(engine.renderer.getContext() as WebGL2RenderingContext);
            engine.scene.onBeforeRender = drawn.check;
            void drawn.then(() => { engine.scene.onBeforeRender = () => {}; });
            resolve({ issued: performance.now() - start, drawn });
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const doc = await engine.load(input);
      engine.setMode(params.get('view') === 'overview' ? 'editor' : 'viewer');
      if (params.get('view') !== 'overview') {
        // Slightly down from eye level: more floor and furniture in frame.
        const [x, y, z] = doc.startingPosition;
        engine.teleport([x, y, z], [-0.08 + doc.startingRotation[0], doc.startingRotation[1], 0]);
      }
      const fullyLoaded = await loaded;
      const frames = engine.getStats().frames;
      while (engine.getStats().frames < frames + 10) await new Promise((r) => requestAnimationFrame(r));
      const content = await contentFrame;
      state.ms = { contentFrame: content.issued, contentDrawn: (await content.drawn) - start, fullyLoaded, framesToLoaded, drawn: (await drawn) - start };
      state.stats = engine.getStats();
      state.ready = true;
    } catch (err) {
      state.error = String(err);
      console.error(err);
    }
  },
};
Object.assign(window, { thumbnail: state });

/**
 * For the bench's bare three.js page: the loaded space (structure and items) as one GLB. The
 * engine's picture planes read a texture array, which glTF cannot hold, so each picture goes out as
 * its own textured plane with its image at the engine's layer size: the bare page then downloads
 * and decodes the same pictures the engine does.
 */
async function exportGlb(): Promise<string> {
  const roots = ['structure', 'items'].map((n) => engine.scene.getObjectByName(n)!);
  const layered: InstancedMesh[] = [];
  engine.scene.traverse((o) => { if ((o as InstancedMesh).isInstancedMesh && ((o as InstancedMesh).material as Material).name === 'pictures:layered') layered.push(o as InstancedMesh); });
  const pictures = new Group();
  const doc = engine.getDocument()!;
  const images = new Map<string, Promise<Texture>>();
  // Decoded as the engine decodes a layer (flipped for WebGL), so flipY tells the exporter to turn it back.
  const imageFor = (uri: string, size: number) => {
    let t = images.get(uri);
    if (!t) images.set(uri, (t = decodeLayerImage(uri, new ProgressTracker(() => {}), size).then((bitmap) => Object.assign(new Texture(bitmap), { colorSpace: SRGBColorSpace, flipY: true }))));
    return t;
  };
  for (const mesh of layered) {
    mesh.updateWorldMatrix(true, false);
    const ids = mesh.userData.instanceItems as string[];
    const size = (mesh.material as Material).userData.page.size as number;
    for (let i = 0; i < ids.length; i++) {
      const picture = doc.pictures.find((p) => p.id === ids[i]);
      if (!picture) continue;
      const plane = new Mesh(new PlaneGeometry(1, 1), new MeshStandardMaterial({ roughness: 0.6, map: await imageFor(picture.imageUri, size) }));
      mesh.getMatrixAt(i, plane.matrix);
      plane.matrix.premultiply(mesh.matrixWorld);
      plane.matrix.decompose(plane.position, plane.quaternion, plane.scale);
      pictures.add(plane);
    }
    mesh.visible = false;
  }
  // The engine's one-texel stand-in maps and repeated props' white instance colours only share
  // shader programs (render/programs.ts); the GLB carries the space as it looks, without them, as
  // it did before they existed, so the bare page's work is unchanged.
  const neutral: [MeshStandardMaterial, Texture][] = [];
  const white: [InstancedMesh, InstancedMesh['instanceColor']][] = [];
  for (const root of roots) root.traverse((o) => {
    const m = (o as Mesh).material as MeshStandardMaterial | undefined;
    if (m && !Array.isArray(m) && m.map && isNeutral(m.map)) { neutral.push([m, m.map]); m.map = null; }
    const inst = o as InstancedMesh;
    if (inst.isInstancedMesh && inst.name.startsWith('props:') && inst.instanceColor) { white.push([inst, inst.instanceColor]); inst.instanceColor = null; }
  });
  try {
    const glb = (await new GLTFExporter().parseAsync([...roots, pictures], { binary: true, onlyVisible: true })) as ArrayBuffer;
    let bin = '';
    const bytes = new Uint8Array(glb);
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  } finally {
    layered.forEach((m) => { m.visible = true; });
    neutral.forEach(([m, map]) => { m.map = map; });
    white.forEach(([inst, colours]) => { inst.instanceColor = colours; });
  }
}

/** Mean time between engine frames over `ms` of free-running rendering. */
async function frameTime(ms: number): Promise<{ meanMs: number; frames: number; drawCalls: number }> {
  const f0 = engine.getStats().frames;
  const t = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const frames = engine.getStats().frames - f0;
  return { meanMs: (performance.now() - t) / Math.max(1, frames), frames, drawCalls: engine.getStats().drawCalls };
}
/**
 * Edit-to-rendered CPU time for one item: a text's content changes (the command, then applyEdit with
 * the per-item sync, then one frame drawn), median over `runs` edits of different texts.
 */
function editLatency(runs: number): { applyMs: number; renderedMs: number } {
  const apply: number[] = [], rendered: number[] = [];
  for (let i = 0; i < runs; i++) {
    const doc = engine.getDocument()!;
    const text = doc.texts3d[(i * 7) % doc.texts3d.length]!;
    const t0 = performance.now();
    const next = new UpdateItemCommand(text.id, { text: `Edited ${i}` }).execute(doc);
    engine.applyEdit(next, ['items']);
    const t1 = performance.now();
    engine.renderer.render(engine.scene, engine.camera);
    const t2 = performance.now();
    apply.push(t1 - t0);
    rendered.push(t2 - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { applyMs: median(apply), renderedMs: median(rendered) };
}
Object.assign(window, { exportGlb, frameTime, editLatency });
if (['template', 'demo', 'gallery200', 'mixed2000'].some((k) => first.has(k))) await state.show(location.search);
