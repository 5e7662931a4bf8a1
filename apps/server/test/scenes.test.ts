import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emptySceneDocument, SCENE_DOCUMENT_VERSION } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';

describe.each(databases)('published scene API on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let repo: ScenesRepo;
  const publish = (content: unknown, extra: Record<string, unknown> = {}) =>
    repo.insert({
      title: 'Gallery',
      state: 'Published',
      // Private published spaces are refused to visitors not on their list (publishing.test.ts).
      publishedPublic: true,
      content: content as object,
      publishedContent: content as object,
      publishedContentVersion: 3,
      publishedAt: new Date(),
      ...extra,
    });

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    repo = new ScenesRepo(db.db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves the published document with an ETag and answers 304 for the same version', async () => {
    const doc = { ...emptySceneDocument(), startingPosition: [1, 0, 2] };
    const scene = await publish(doc);
    const res = await app.inject(`/api/publishedscene/content/${scene.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(SCENE_DOCUMENT_VERSION);
    expect(res.json().startingPosition).toEqual([1, 0, 2]);
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${scene.id}-p3"`);
    const again = await app.inject({ url: `/api/publishedscene/content/${scene.id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('migrates a legacy v0 document on read', async () => {
    const legacy = {
      walls: [{ x1: 0, z1: 0, x2: 6, z2: 0, doors: [{ at: 3, width: 1 }] }],
      floor: { points: [{ x: 0, z: 0 }, { x: 6, z: 0 }, { x: 6, z: 6 }] },
      items: [{ type: 'picture', x: 1, y: 1.6, z: 0.1, src: '/a.png' }],
    };
    const scene = await publish(legacy);
    const res = await app.inject(`/api/publishedscene/content/${scene.id}`);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.version).toBe(SCENE_DOCUMENT_VERSION);
    expect(doc.customSpace.levels[0].walls[0].openings[0].kind).toBe('door');
    expect(doc.pictures).toHaveLength(1);
  });

  it('answers a damaged document with 422 naming the path, and a future version with its own code', async () => {
    const broken = await publish({ ...emptySceneDocument(), pictures: [{ id: 'p', position: 'up' }] });
    const res = await app.inject(`/api/publishedscene/content/${broken.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('SCENE_INVALID');
    expect(res.json().error.message).toContain('pictures.0');
    const future = await publish({ ...emptySceneDocument(), version: 99 });
    const res2 = await app.inject(`/api/publishedscene/content/${future.id}`);
    expect(res2.statusCode).toBe(422);
    expect(res2.json().error.code).toBe('SCENE_VERSION_UNSUPPORTED');
    expect(res2.json().error.message).toContain('99');
  });

  it('hides drafts and hidden spaces as if they did not exist', async () => {
    const draft = await repo.insert({ title: 'Draft', content: emptySceneDocument() });
    const hidden = await publish(emptySceneDocument(), { visible: false });
    for (const id of [draft.id, hidden.id, '01890000-0000-7000-8000-000000000000']) {
      for (const kind of ['content', 'metadata']) {
        const res = await app.inject(`/api/publishedscene/${kind}/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('serves metadata of a published space', async () => {
    const scene = await publish(emptySceneDocument(), { title: 'Museum <b>hall</b>', tags: ['art'] });
    const res = await app.inject(`/api/publishedscene/metadata/${scene.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sceneId: scene.id, title: 'Museum <b>hall</b>', tags: ['art'], state: 'Published' });
  });

  it('rejects a malformed id with 400', async () => {
    const res = await app.inject('/api/publishedscene/content/not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
