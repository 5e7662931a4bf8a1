import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, isNotNull } from 'drizzle-orm';
import { countSceneItems, sceneDocumentV1, sceneJsonBytes } from '@atrium/shared';
import { templateFamilies } from '@atrium/assets';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { seed } from '../src/db/seed.ts';
import { scenes, users } from '../src/db/schema/index.ts';
import { demoRefreshStepName, refreshDemoSpaces, seedDemoSpaces } from '../src/db/seed-data/seed-demo-spaces.ts';
import { DEMO_SPACES, STUDIO_USER } from '@atrium/assets/demo-spaces';

describe.each(databases)('demo spaces seed on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  const demoRows = () => db.db.select().from(scenes).where(isNotNull(scenes.demoKey));

  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
    await seed(db.db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('creates one published, public, visible space per template family, owned by Atrium Studio', async () => {
    const rows = await demoRows();
    expect(rows).toHaveLength(templateFamilies.length);
    expect(new Set(rows.map((r) => r.spaceTemplateId?.replace(/-m$/, '')))).toEqual(
      new Set(templateFamilies.map((f) => f.spaceTemplateFamilyId)),
    );
    const studio = await db.db.query.users.findFirst({ where: eq(users.subject, STUDIO_USER.subject) });
    expect(studio?.name).toBe('Atrium Studio');
    for (const r of rows) {
      expect(r).toMatchObject({ state: 'Published', visible: true, publishedPublic: true, ownerId: studio!.id, creatorId: studio!.id });
      expect(r.title.length).toBeGreaterThan(5);
      expect(r.description.length).toBeGreaterThan(60);
      expect(r.thumbnailUri).toBe(`/static/thumbnails/${r.demoKey}.webp`);
      expect(r.coverPhotoUri).toBe(r.thumbnailUri);
      expect(r.publishedAt).not.toBeNull();
    }
  });

  it('orders the demo spaces by creation time in catalogue order (one insert must not tie their timestamps)', async () => {
    const rows = await db.db.select({ demoKey: scenes.demoKey, createdAt: scenes.createdAt }).from(scenes).where(isNotNull(scenes.demoKey)).orderBy(scenes.createdAt);
    expect(rows.map((r) => r.demoKey)).toEqual(DEMO_SPACES.map((s) => s.demoKey));
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size, 'no two share a timestamp').toBe(rows.length);
  });

  it('is idempotent: running the step again (or the whole seed) adds nothing and keeps ids', async () => {
    const before = await demoRows();
    await seedDemoSpaces(db.db);
    expect(await seed(db.db)).toEqual([]);
    const after = await demoRows();
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(await db.db.$count(users, eq(users.subject, STUDIO_USER.subject))).toBe(1);
  });

  it('refills a deleted demo space under a new id, the others keep theirs and the ring is relinked', async () => {
    const before = await demoRows();
    const gone = before.find((r) => r.demoKey === DEMO_SPACES[3]!.demoKey)!;
    await db.db.delete(scenes).where(eq(scenes.id, gone.id));
    await seedDemoSpaces(db.db);
    const after = await demoRows();
    expect(after).toHaveLength(before.length);
    for (const r of before.filter((b) => b.id !== gone.id)) expect(after.some((a) => a.id === r.id)).toBe(true);
  });

  it('stores documents that pass the scene schema, are furnished, small, and portal to a seeded space in a ring', async () => {
    const rows = await demoRows();
    const ids = new Set(rows.map((r) => r.id));
    const byKey = new Map(rows.map((r) => [r.demoKey!, r]));
    for (const r of rows) {
      const parsed = sceneDocumentV1.safeParse(r.publishedContent);
      expect(parsed.success, `${r.demoKey}: ${parsed.error?.message}`).toBe(true);
      const doc = parsed.data!;
      expect(sceneDocumentV1.parse(r.content)).toEqual(doc);
      expect(doc.props.length).toBeGreaterThan(5);
      expect(doc.pictures.length).toBeGreaterThan(0);
      expect(doc.texts3d.length).toBeGreaterThan(0);
      expect(doc.guidedTours[0]!.points.length).toBeGreaterThanOrEqual(3);
      expect(sceneJsonBytes(doc)).toBeLessThan(1024 * 1024);
      expect(countSceneItems(doc)).toBeGreaterThan(10);
      const portals = doc.portals.filter((p) => p.target.kind === 'scene');
      expect(portals).toHaveLength(1);
      const target = portals[0]!.target as { kind: 'scene'; sceneId: string };
      expect(ids.has(target.sceneId)).toBe(true);
      expect(target.sceneId).not.toBe(r.id);
      const i = DEMO_SPACES.findIndex((s) => s.demoKey === r.demoKey);
      expect(target.sceneId).toBe(byKey.get(DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!.demoKey)!.id);
    }
    // Following the portals from any space visits every space once before coming back.
    const next = new Map(rows.map((r) => [r.id, (sceneDocumentV1.parse(r.publishedContent).portals[0]!.target as { sceneId: string }).sceneId]));
    const seen = new Set<string>();
    let at = rows[0]!.id;
    while (!seen.has(at)) {
      seen.add(at);
      at = next.get(at)!;
    }
    expect(seen.size).toBe(rows.length);
    expect(at).toBe(rows[0]!.id);
  });

  it('refreshes spaces seeded by an older release to the catalogue, leaving matching ones unwritten', async () => {
    expect(demoRefreshStepName()).toMatch(/^0006-demo-spaces-[0-9a-f]{12}$/);
    expect(demoRefreshStepName(), 'the catalogue builds the same documents every time').toBe(demoRefreshStepName());
    const before = await demoRows();
    expect(before.map((r) => r.contentVersion), 'the seed’s own refresh found fresh spaces equal').toEqual(before.map(() => 1));
    const [old, other] = [before.find((r) => r.demoKey === DEMO_SPACES[1]!.demoKey)!, before.find((r) => r.demoKey === DEMO_SPACES[2]!.demoKey)!];
    // As an older release left it: another title and a document without one of today's pictures.
    const oldDoc = { ...(old.content as { pictures: unknown[] }), pictures: (old.content as { pictures: unknown[] }).pictures.slice(1) };
    await db.db.update(scenes).set({ title: 'Old title', content: oldDoc, publishedContent: oldDoc }).where(eq(scenes.id, old.id));
    await refreshDemoSpaces(db.db);
    const after = new Map((await demoRows()).map((r) => [r.id, r]));
    const fresh = after.get(old.id)!;
    expect(fresh.title).toBe(DEMO_SPACES[1]!.title);
    expect(fresh.content).toEqual(old.content);
    expect(fresh.publishedContent).toEqual(old.content);
    expect([fresh.contentVersion, fresh.publishedContentVersion]).toEqual([old.contentVersion + 1, (old.publishedContentVersion ?? 0) + 1]);
    expect(fresh).toMatchObject({ state: old.state, visible: old.visible, publishedPublic: old.publishedPublic });
    const untouched = after.get(other.id)!;
    expect([untouched.contentVersion, untouched.updatedAt]).toEqual([other.contentVersion, other.updatedAt]);
    // Run again: nothing differs, nothing is written.
    await refreshDemoSpaces(db.db);
    expect((await demoRows()).find((r) => r.id === old.id)!.contentVersion).toBe(fresh.contentVersion);
  });

  it('serves every demo space through the published content and metadata API', async () => {
    for (const r of await demoRows()) {
      const content = await app.inject(`/api/publishedscene/content/${r.id}`);
      expect(content.statusCode).toBe(200);
      expect(content.json().portals.length).toBe(1);
      const meta = await app.inject(`/api/publishedscene/metadata/${r.id}`);
      expect(meta.statusCode).toBe(200);
      expect(meta.json().title).toBe(r.title);
      // The viewer's Space info and creator card name the creator without a second request.
      expect(meta.json().creator).toEqual({ userId: r.creatorId, name: 'Atrium Studio', profilePicture: null });
    }
  });
});
