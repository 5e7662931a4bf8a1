// Viewer performance in headless Chromium with SwiftShader (CPU WebGL, so absolute numbers are far
// slower than a laptop GPU; the ratios are what to watch). Times run from the load call, after
// modules and the renderer exist, so dev-server module loading does not count on either side; and
// no sooner than START_AT after navigation, past Chrome's teardown of the tab's first widget
// (demo/startAt.ts), which otherwise stalls whichever page is still loading a second in.
//  1. a demo space through the engine vs a bare three.js page loading the same space as a GLB
//     (exported from the engine's scene with GLTFExporter, each picture a plane with its own image)
//     with GLTFLoader. "First frame" is the first frame showing the space, "fully loaded" the one
//     showing every texture, picture and the sky (the engine's `loaded`), each timed when the GPU
//     had finished drawing it (a fence after it, demo/gpuDone.ts): when a visitor sees it. When it
//     was issued is printed too; that is when the page's CPU was done with it, and it flatters
//     whichever page leaves more of its work to the GPU after it: the bare page's shaders compile
//     and its textures upload after its one frame is issued, the engine's in its preview frame,
//     whose drawing the complete frame's animation frame waits for;
//  2. draw calls for a 50 m gallery hung with 200 distinct pictures;
//  3. frame time at Medium quality;
//  4. edit-to-rendered latency for one item in a 2,000-item scene.
import type { Page } from 'playwright-core';
import { startEnginePages, waitForPageState } from '../scripts/engine-pages.ts';
import { DEMO_SPACES } from '@atrium/assets/demo-spaces';
import { gpuBusyDuring } from '../scripts/gpuBusy.ts';
import { line } from './support.ts';

interface Timed { ready: boolean; error?: string; ms: { contentFrame: number; contentDrawn: number; fullyLoaded: number; framesToLoaded?: number; drawn: number }; stats: { drawCalls: number; triangles: number } }
const viewport = { width: 960, height: 540 };
const demo = DEMO_SPACES[0]!.demoKey;
const RUNS = 5;
const START_AT = 1200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const pages = await startEnginePages();
try {
  // Warm the dev server's module graph once so the first timed page does not pay for transforms.
  const warm = await pages.open(`thumbnail.html?demo=${demo}&quality=Medium`, viewport);
  await waitForPageState<Timed>(warm, 'thumbnail');
  const glb = Buffer.from(await warm.evaluate(() => (window as unknown as { exportGlb(): Promise<string> }).exportGlb()), 'base64');
  const start = await warm.evaluate(() => {
    const e = (window as unknown as { engine: { getDocument(): { startingPosition: number[]; startingRotation: number[] } } }).engine;
    const d = e.getDocument();
    return { x: d.startingPosition[0]!, z: d.startingPosition[2]!, yaw: d.startingRotation[1]! };
  });
  await warm.close();

  const engineRuns: Timed['ms'][] = [];
  const bareRuns: Timed['ms'][] = [];
  let frame: { meanMs: number; frames: number; drawCalls: number } | null = null;
  const routeGlb = (p: Page) => p.route('**/bench-space.glb', (r) => r.fulfill({ body: glb, contentType: 'model/gltf-binary' }));
  const engineUrl = new URL(`thumbnail.html?demo=${demo}&quality=Medium&startAt=${START_AT}`, pages.base).toString();
  const bareUrl = new URL(`bare.html?glb=/bench-space.glb&x=${start.x}&z=${start.z}&yaw=${start.yaw}&startAt=${START_AT}`, pages.base).toString();
  const newPage = async (bare: boolean) => {
    const p = await pages.browser.newPage({ viewport, deviceScaleFactor: 1 });
    if (bare) await routeGlb(p);
    return p;
  };
  const timed = async (p: Page, bare: boolean) => {
    await p.goto(bare ? bareUrl : engineUrl, { waitUntil: 'domcontentloaded', timeout: 180_000 });
    return (await waitForPageState<Timed>(p, bare ? 'bare' : 'thumbnail')).ms;
  };
  for (let i = 0; i < RUNS; i++) {
    const e = await newPage(false);
    engineRuns.push(await timed(e, false));
    if (i === RUNS - 1) frame = await e.evaluate(() => (window as unknown as { frameTime(ms: number): Promise<{ meanMs: number; frames: number; drawCalls: number }> }).frameTime(4000));
    await e.close();
    const b = await newPage(true);
    bareRuns.push(await timed(b, true));
    await b.close();
  }
  // Three more loads a side under a trace (not in the timed medians): the GPU process's busy time.
  const gpuRuns: [number[], number[]] = [[], []];
  for (let i = 0; i < 3; i++) {
    for (const bare of [false, true]) {
      const p = await newPage(bare);
      gpuRuns[bare ? 1 : 0].push(await gpuBusyDuring(pages.browser, p, async () => { await timed(p, bare); }));
      await p.close();
    }
  }
  const gpu = gpuRuns.map(median);
  const med = (runs: Timed['ms'][], k: keyof Timed['ms']) => median(runs.map((r) => r[k] ?? NaN));
  const rel = (k: keyof Timed['ms']) => med(engineRuns, k) / med(bareRuns, k);
  const ratio = (k: keyof Timed['ms']) => `${med(engineRuns, k).toFixed(0)} / ${med(bareRuns, k).toFixed(0)} = ${rel(k).toFixed(2)}`;
  line(`viewer: ${demo} GLB size (KB)`, (glb.byteLength / 1024).toFixed(0));
  line('viewer: engine first frame with content, drawn (ms)', med(engineRuns, 'contentDrawn').toFixed(0));
  line('viewer: engine fully loaded, drawn (ms)', med(engineRuns, 'drawn').toFixed(0));
  // The first frame with the space and the complete one are the least a progressive load draws; a
  // frame more is a quarter second more under SwiftShader (a camera that never settled drew 4).
  line('viewer: engine frames from load to loaded, per run', `${engineRuns.map((r) => r.framesToLoaded ?? '?').join(' / ')} (2 is the least: the first and the complete one)`);
  line('viewer: bare three.js + GLTFLoader first frame = fully loaded, drawn (ms)', med(bareRuns, 'drawn').toFixed(0));
  line('viewer: first frame ratio engine / bare (drawn by the GPU)', rel('contentDrawn').toFixed(2), '≤ 0.7');
  line('viewer: fully loaded ratio engine / bare (drawn by the GPU)', rel('drawn').toFixed(2), '≤ 1.3');
  line('viewer: first frame issued, engine / bare (ms)', ratio('contentFrame'));
  line('viewer: complete frame issued, engine / bare (ms)', ratio('fullyLoaded'));
  line('viewer: GPU process busy from load to the complete frame drawn, engine / bare (ms, median of 3 traced loads)', `${gpu[0]!.toFixed(0)} / ${gpu[1]!.toFixed(0)} = ${(gpu[0]! / gpu[1]!).toFixed(2)}`);
  if (frame) {
    line('viewer: frame time at Medium, SwiftShader (ms)', `${frame.meanMs.toFixed(1)} (${frame.frames} frames)`);
    line('viewer: demo space draw calls at start view', String(frame.drawCalls));
  }

  const g = await pages.open('thumbnail.html?gallery200=1&view=overview&quality=Medium', viewport);
  // Draw calls are settled once the structure and pictures are in the frame; textures only change maps.
  await g.waitForFunction(() => {
    const e = (window as unknown as { engine?: { getDocument(): unknown; getStats(): { frames: number; drawCalls: number } } }).engine;
    return Boolean(e?.getDocument() && e.getStats().frames > 5 && e.getStats().drawCalls > 3);
  }, null, { timeout: 600_000, polling: 500 });
  const drawCalls = await g.evaluate(() => (window as unknown as { engine: { getStats(): { drawCalls: number } } }).engine.getStats().drawCalls);
  line('viewer: gallery with 200 distinct pictures, draw calls', String(drawCalls), '≤ 20');
  await g.close();

  // 4. One item edited in a 2,000-item scene: command + per-item sync, then one frame drawn.
  const m = await pages.open('thumbnail.html?mixed2000=1&quality=Medium', viewport);
  await waitForPageState<Timed>(m, 'thumbnail');
  const edit = await m.evaluate(() => (window as unknown as { editLatency(runs: number): { applyMs: number; renderedMs: number } }).editLatency(15));
  line('viewer: edit one item of 2,000, command + sync CPU (ms, median)', edit.applyMs.toFixed(1), '≤ 16');
  line('viewer: edit one item of 2,000, to rendered incl. SwiftShader frame (ms, median)', edit.renderedMs.toFixed(0));
  await m.close();
} finally {
  await pages.close();
}
