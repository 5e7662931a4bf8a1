import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, sceneJsonBytes, type SceneDocument } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, type TestUser } from './support/users.ts';

// A save must not read the scene's documents back: owner checks read a narrow row, the metadata
// PATCH answers from metadata columns, the content PUT returns only the new version.
const doc: SceneDocument = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  props: Array.from({ length: 400 }, (_, i) => ({ id: `p${i}`, propId: 'chair-dining', position: [i % 20, 0, Math.floor(i / 20)], title: `Chair number ${i}` })),
});

/** Counts the JSON size of every result the app's database client hands back (both engines). */
function countReads(db: TestDb) {
  const client = (db.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows?: unknown[] }> } }).$client;
  const query = client.query.bind(client);
  const counter = { bytes: 0 };
  client.query = async (...a: unknown[]) => {
    const r = await query(...a);
    counter.bytes += Buffer.byteLength(JSON.stringify(r?.rows ?? []));
    return r;
  };
  return counter;
}

describe.each(databases)('scene save reads on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: TestUser;
  let reads: { bytes: number };

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    ada = await signUpUser(app, db, 'ada-save@example.org', 'Ada');
    reads = countReads(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('reads a small fraction of the document per PATCH and PUT once the draft is large', async () => {
    const headers = bearer(ada.token);
    const created = await app.inject({ method: 'POST', url: '/api/scene/metadata', headers, payload: { title: 'Big' } });
    const id = created.json().sceneId as string;
    const first = await app.inject({ method: 'PUT', url: `/api/scene/content/${id}`, headers, payload: { baseVersion: created.json().contentVersion, document: doc } });
    expect(first.statusCode).toBe(200);
    const size = sceneJsonBytes(doc);

    reads.bytes = 0;
    const patch = await app.inject({ method: 'PATCH', url: `/api/scene/metadata/${id}`, headers, payload: { title: 'Bigger' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().title).toBe('Bigger');
    expect(reads.bytes).toBeGreaterThan(0);
    expect(reads.bytes).toBeLessThan(size / 10);

    reads.bytes = 0;
    const put = await app.inject({ method: 'PUT', url: `/api/scene/content/${id}`, headers, payload: { baseVersion: first.json().contentVersion, document: doc } });
    expect(put.statusCode).toBe(200);
    expect(put.json().bytes).toBe(size);
    expect(reads.bytes).toBeLessThan(size / 10);

    // The stored document is the validated one, unchanged by being stored from its serialised text.
    const back = await app.inject({ method: 'GET', url: `/api/scene/content/${id}`, headers });
    expect(back.json()).toEqual(doc);
  });
});
