import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { sceneDocumentV1 } from '@atrium/shared';
import { DEMO_SPACES } from '@atrium/assets/demo-spaces';
import { buildLobbyDocument, LOBBY_MAX_PORTALS, LOBBY_SCENE_ID } from '@atrium/assets/lobby';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { seed } from '../src/db/seed.ts';
import { scenes } from '../src/db/schema/index.ts';
import { lobbyStepName, seedLobby } from '../src/db/seed-data/seed-lobby.ts';

describe.each(databases)('3D lobby seed on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  const lobby = async () => (await db.db.select().from(scenes).where(eq(scenes.id, LOBBY_SCENE_ID)))[0]!;
  const featured = async () => {
    const rows = await db.db.select({ id: scenes.id, demoKey: scenes.demoKey, title: scenes.title }).from(scenes)
      .where(inArray(scenes.demoKey, DEMO_SPACES.map((s) => s.demoKey)));
    const at = (k: string | null) => DEMO_SPACES.findIndex((s) => s.demoKey === k);
    return rows.sort((a, b) => at(a.demoKey) - at(b.demoKey));
  };

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    expect(await seed(db.db)).toContain(lobbyStepName());
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is a published, public space with walls, lights, a title and one labelled portal per featured space', async () => {
    const row = await lobby();
    expect(row).toMatchObject({ state: 'Published', visible: true, publishedPublic: true, thumbnailUri: '/static/thumbnails/lobby.webp' });
    const doc = sceneDocumentV1.parse(row.publishedContent);
    expect(doc.customSpace!.levels[0]!.walls.length).toBeGreaterThanOrEqual(4);
    expect(doc.props.filter((p) => p.propId.startsWith('lamp-') || p.propId === 'street-lamp').length).toBeGreaterThan(4);
    expect(doc.texts3d.map((t) => t.text)).toContain('Atrium Lobby');
    const spaces = await featured();
    expect(spaces).toHaveLength(DEMO_SPACES.length);
    expect(doc.portals.map((p) => [p.title, p.target])).toEqual(spaces.map((s) => [s.title, { kind: 'scene', sceneId: s.id }]));
    // Each portal's label floats over it.
    for (const p of doc.portals) {
      expect(doc.texts3d.some((t) => t.text === p.title && t.position[0] === p.position[0] && t.position[2] === p.position[2])).toBe(true);
    }
  });

  it('is served to a signed-out visitor through the published content API', async () => {
    const res = await app.inject(`/api/publishedscene/content/${LOBBY_SCENE_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().portals).toHaveLength(DEMO_SPACES.length);
    const thumb = await app.inject((await lobby()).thumbnailUri!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('re-running follows the featured spaces: a renamed one is relabelled, an unpublished one loses its portal', async () => {
    const [first, second] = await featured();
    await db.db.update(scenes).set({ title: 'Renamed gallery' }).where(eq(scenes.id, first!.id));
    await db.db.update(scenes).set({ publishedPublic: false }).where(eq(scenes.id, second!.id));
    const before = await lobby();
    await seedLobby(db.db);
    const after = await lobby();
    const doc = sceneDocumentV1.parse(after.publishedContent);
    expect(doc.portals[0]!.title).toBe('Renamed gallery');
    expect(doc.portals.some((p) => p.target.kind === 'scene' && p.target.sceneId === second!.id)).toBe(false);
    expect(doc.portals).toHaveLength(DEMO_SPACES.length - 1);
    expect(after.publishedContentVersion).toBe(before.publishedContentVersion! + 1);
    expect(await db.db.$count(scenes, eq(scenes.id, LOBBY_SCENE_ID))).toBe(1);
  });
});

describe('buildLobbyDocument', () => {
  it('keeps portals apart and inside the hall, and caps them at LOBBY_MAX_PORTALS', () => {
    const many = Array.from({ length: LOBBY_MAX_PORTALS + 4 }, (_, i) => ({ sceneId: `s${i}`, title: `Space ${i}` }));
    const doc = buildLobbyDocument(many);
    expect(doc.portals).toHaveLength(LOBBY_MAX_PORTALS);
    for (const a of doc.portals) {
      for (const b of doc.portals) if (a !== b) expect(Math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2])).toBeGreaterThan(2);
      expect(Math.abs(a.position[0])).toBeLessThan(8);
      expect(Math.abs(a.position[2])).toBeLessThan(11);
    }
    expect(buildLobbyDocument([]).portals).toEqual([]);
  });
});
