// Editor figures: History apply + undo of 10,000 commands, and the save payload and PUT time of a
// space with 500 items through the real server (owner scene API).
import { sceneDocumentV1, type PlacedItem, type SceneDocument, type Vec3 } from '@atrium/shared';
import { AddItemsCommand, TransformItemsCommand, UpdateItemCommand } from '../packages/engine/src/editor/commands/items.ts';
import { History } from '../packages/engine/src/editor/history.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { line, percentile, startApp } from './support.ts';

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
  line('PUT scene/content 500 items p50 / p95 (ms)', `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)}`, 'p95 ≤ 300 ms');
} finally {
  await app.stop();
}
