// Bytes one editor save reads back from the database. The server runs in this process on an
// in-memory PGlite whose query method is wrapped: every result's rows are counted as their JSON
// text (what the wire carried, decoded), so a query that drags a scene document along shows up.
// pg_stat_statements would need a server restart (shared_preload_libraries) and counts pages, not rows.
import { PGlite } from '@electric-sql/pglite';
import type { SceneDocument } from '@atrium/shared';
import { openTestPglite } from '../apps/server/test/support/db.ts';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { signUpUser } from '../apps/server/test/support/users.ts';

let counted = 0;
const rowBytes = (r: unknown) => Buffer.byteLength(JSON.stringify((r as { rows?: unknown[] })?.rows ?? []));
const proto = PGlite.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
const query = proto.query!;
proto.query = async function (this: unknown, ...a: unknown[]) {
  const r = await query.apply(this, a);
  counted += rowBytes(r);
  return r;
};
const transaction = proto.transaction!;
proto.transaction = function (this: unknown, fn: unknown, ...rest: unknown[]) {
  return transaction.call(this, async (tx: { query: (...a: unknown[]) => Promise<unknown> }) => {
    const q = tx.query.bind(tx);
    tx.query = async (...a: unknown[]) => {
      const r = await q(...a);
      counted += rowBytes(r);
      return r;
    };
    return (fn as (t: unknown) => unknown)(tx);
  }, ...rest);
};

export async function measureSaveReads(doc: SceneDocument): Promise<{ put: number; patchAndPut: number }> {
  const database = await openTestPglite();
  const { app } = await makeTestApp(database);
  try {
    const user = await signUpUser(app, database, 'bench-reads@example.org', 'Bench');
    const headers = { authorization: `Bearer ${user.token}` };
    const created = await app.inject({ method: 'POST', url: '/api/scene/metadata', headers, payload: { title: 'Bench' } });
    const sceneId = created.json().sceneId as string;
    let version = created.json().contentVersion as number;
    const put = async () => {
      const res = await app.inject({ method: 'PUT', url: `/api/scene/content/${sceneId}`, headers, payload: { baseVersion: version, document: doc } });
      if (res.statusCode !== 200) throw new Error(`PUT content answered ${res.statusCode}: ${res.body}`);
      version = res.json().contentVersion as number;
    };
    await put(); // the stored document is now the full one, as on every later save
    counted = 0;
    await put();
    const putOnly = counted;
    counted = 0;
    const patch = await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${sceneId}`, headers, payload: { title: 'Bench 2' } });
    if (patch.statusCode !== 200) throw new Error(`PATCH metadata answered ${patch.statusCode}: ${patch.body}`);
    await put();
    return { put: putOnly, patchAndPut: counted };
  } finally {
    await app.close();
    await database.close();
  }
}
