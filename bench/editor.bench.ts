// Editor figures: History apply + undo of 10,000 commands, the save payload and PUT time of a
// space with 500 items through the real server (owner scene API), and editor vs viewer first
// interactive time for the same space in headless Chromium (production build).
import { sceneDocumentV1, type PlacedItem, type SceneDocument, type Vec3 } from '@atrium/shared';
import { AddItemsCommand, TransformItemsCommand, UpdateItemCommand } from '../packages/engine/src/editor/commands/items.ts';
import { History } from '../packages/engine/src/editor/history.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { closeBrowser, newPage, startApp } from '../e2e/support/harness.ts';
import { ownedDemoDraft } from './demoSpace.ts';
import { line, percentile } from './support.ts';
import { measureSaveReads } from './saveReads.ts';

const at = (x: number): { position: Vec3; rotation: Vec3; scale: Vec3 } => ({ position: [x, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] });
const prop = (i: number) => sceneDocumentV1.shape.props.parse([{ id: `p${i}`, propId: 'chair-dining', position: [i % 50, 0, Math.floor(i / 50)] }])[0]! as PlacedItem;

// 1. History: a realistic mix — every third command adds an item, the others move or rename one.
{
  const h = new History(sceneDocumentV1.parse({ version: 1 }), { mergeWindowMs: 0, limit: 20_000, now: () => 0 });
  const N = 10_000;
  const t0 = performance.now();
  let added = 0;
  for (let i = 0; i < N; i++) {
    if (i % 3 === 0 || added === 0) h.execute(new AddItemsCommand([{ kind: 'props', item: prop(added++) }]));
    else if (i % 3 === 1) h.execute(new TransformItemsCommand([{ id: `p${i % added}`, from: at(0), to: at(i) }]));
    else h.execute(new UpdateItemCommand(`p${i % added}`, { title: `Item ${i}` }));
  }
  const t1 = performance.now();
  while (h.undo());
  const t2 = performance.now();
  line('History: apply 10,000 commands (ms)', (t1 - t0).toFixed(0), '≤ 500 ms');
  line('History: undo 10,000 commands (ms)', (t2 - t1).toFixed(0), '≤ 500 ms');
  if (h.document.props.length !== 0) throw new Error('undo did not return to the empty document');
}

// 2. Save of a 500-item space: payload bytes and PUT scene/content latency.
const doc: SceneDocument = sceneDocumentV1.parse({
  version: 1,
  customSpace: { levels: [{ id: 'L0', walls: Array.from({ length: 40 }, (_, i) => ({ id: `w${i}`, start: [i, 0], end: [i + 1, 0] })) }] },
  props: Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, propId: 'chair-dining', position: [i % 20, 0, Math.floor(i / 20)] })),
  pictures: Array.from({ length: 150 }, (_, i) => ({ id: `pic${i}`, position: [i, 1.6, 0.1], imageUri: `/api/file/${i}`, title: `Picture ${i}`, description: 'A picture on the wall' })),
  texts3d: Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, position: [i, 2.5, 0.1], text: `Label ${i}` })),
});
const app = await startApp();
try {
  const { access_token } = await tokenOverHttp(app.baseURL, { email: 'bench-editor@example.org', password: 'bench-password-1', signUpName: 'Bench' });
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  const meta = (await (await fetch(`${app.baseURL}/api/scene/metadata`, { method: 'POST', headers, body: JSON.stringify({ title: 'Bench' }) })).json()) as { sceneId: string; contentVersion: number };
  let version = meta.contentVersion;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 30; i++) {
    const body = JSON.stringify({ baseVersion: version, document: doc });
    bytes = Buffer.byteLength(body);
    const t = performance.now();
    const res = await fetch(`${app.baseURL}/api/scene/content/${meta.sceneId}`, { method: 'PUT', headers, body });
    if (res.status !== 200) throw new Error(`PUT content answered ${res.status}: ${await res.text()}`);
    version = ((await res.json()) as { contentVersion: number }).contentVersion;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  line('save payload, 500 items (KB)', (bytes / 1024).toFixed(1), '≤ 1 MB');
  // Before the narrow owner check and the single serialisation (issue 14), on the same machine: 146 / 276 ms.
  line('PUT scene/content 500 items p50 / p95 (ms)', `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}`, 'p95 ≤ 300 ms; was 146 / 276');
} finally {
  await app.stop();
}

// 2b. What one save reads back from the database (in-process app on PGlite, counted in the client).
{
  const reads = await measureSaveReads(doc);
  // Before issue 14 each owner check and the PATCH's answer read the whole row with its documents.
  line('DB bytes read per save, PUT only (KB)', (reads.put / 1024).toFixed(1), 'no document read; was 101.8');
  line('DB bytes read per save, PATCH + PUT (KB)', (reads.patchAndPut / 1024).toFixed(1), 'no document read; was 406.5');
}

// 3. First interactive, editor vs viewer, for one demo space owned by the signed-in user. Measured
// from navigation start (performance.now() in the page) with warm HTTP caches for both:
//  - viewer: the stage reports "ready" (engine loaded, viewer mode, input attached) and a frame is drawn;
//  - editor: the editor session exists (engine loaded in editor mode) with its toolbar rendered and
//    enabled, and a frame is drawn.
// SwiftShader draws on the CPU, so absolute times are far above a GPU laptop's; the ratio is the figure.
// Both use Medium quality at half resolution (the editor's automated-browser setting; the viewer's
// settings are set to match).
{
  buildWebIfStale();
  const fi = await startApp({ env: { SEED: 'false' } });
  try {
    const email = 'bench-interactive@example.org';
    const password = 'bench-password-2';
    const meta = await ownedDemoDraft(fi.baseURL, email, password);

    const page = await newPage({ baseURL: fi.baseURL, width: 1280, height: 800 });
    await page.addInitScript(() => {
      localStorage.setItem('atrium.viewer.settings', JSON.stringify({ quality: 'Medium', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' }));
    });
    await page.goto(`/editor/${meta.sceneId}`);
    await page.waitForURL(/\/auth\/interaction\//);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const EDITOR = () => {
      const ed = (window as unknown as { __atriumEditor?: { engine: { getStats(): { frames: number } } } }).__atriumEditor;
      const tool = document.querySelector<HTMLButtonElement>('[data-testid="tool-select"]');
      return ed && tool && !tool.disabled && ed.engine.getStats().frames > 0 ? performance.now() : false;
    };
    const VIEWER = () => {
      const stage = document.querySelector('[data-viewer-state="ready"]');
      const e = (window as unknown as { __atriumEngine?: { getStats(): { frames: number } } }).__atriumEngine;
      return stage && e && e.getStats().frames > 0 ? performance.now() : false;
    };
    const measure = async (path: string, ready: () => number | false): Promise<number> => {
      if (!page.url().endsWith(path)) await page.goto(path, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(ready, null, { timeout: 600_000, polling: 100 });
      return (await handle.jsonValue()) as number;
    };
    const editorPath = `/editor/${meta.sceneId}`;
    const viewerPath = `/viewer/${meta.sceneId}?draft=true`;
    // The sign-in lands on the editor: that first load warms the caches; the viewer gets one warm-up too.
    await measure(editorPath, EDITOR);
    await page.goto(viewerPath, { waitUntil: 'commit' });
    await measure(viewerPath, VIEWER);
    const editorRuns: number[] = [];
    const viewerRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(editorPath, { waitUntil: 'commit' });
      editorRuns.push(await measure(editorPath, EDITOR));
      await page.goto(viewerPath, { waitUntil: 'commit' });
      viewerRuns.push(await measure(viewerPath, VIEWER));
    }
    editorRuns.sort((a, b) => a - b);
    viewerRuns.sort((a, b) => a - b);
    const e = percentile(editorRuns, 50), v = percentile(viewerRuns, 50);
    line(`editor first interactive, ${meta.demoKey} (ms)`, `${e.toFixed(0)} (runs ${editorRuns.map((x) => x.toFixed(0)).join(', ')})`);
    line(`viewer first interactive, ${meta.demoKey} (ms)`, `${v.toFixed(0)} (runs ${viewerRuns.map((x) => x.toFixed(0)).join(', ')})`);
    line('first interactive ratio editor / viewer', (e / v).toFixed(2), '≤ 1.5');
  } finally {
    await closeBrowser();
    await fi.stop();
  }
}
