import { eq, inArray } from 'drizzle-orm';
import { newId } from '../newId.ts';
import type { Db } from '../client.ts';
import { scenes, users } from '../schema/index.ts';
import { buildDemoDocument, DEMO_PORTAL_ID, DEMO_SPACES, demoTemplateId, STUDIO_USER, thumbnailUri } from '@atrium/assets/demo-spaces';

/** Ensures the "Atrium Studio" system user exists and returns its id. */
export async function ensureStudioUser(db: Db): Promise<string> {
  await db
    .insert(users)
    .values({ id: newId(), ...STUDIO_USER, email: null, searchable: true, tokensValidAfter: new Date() })
    .onConflictDoNothing({ target: users.subject });
  const row = await db.query.users.findFirst({ where: eq(users.subject, STUDIO_USER.subject), columns: { id: true } });
  return row!.id;
}

/**
 * One published, public demo space per template family, owned by Atrium Studio. Ids are settled
 * before any document is built because each space's portal points at the next one's id; rows that
 * already exist (by demo_key) keep their id and are left untouched.
 */
export async function seedDemoSpaces(db: Db): Promise<void> {
  const ownerId = await ensureStudioUser(db);
  const existing = await db
    .select({ id: scenes.id, demoKey: scenes.demoKey })
    .from(scenes)
    .where(inArray(scenes.demoKey, DEMO_SPACES.map((s) => s.demoKey)));
  const idByKey = new Map(existing.map((r) => [r.demoKey!, r.id]));
  for (const s of DEMO_SPACES) if (!idByKey.has(s.demoKey)) idByKey.set(s.demoKey, newId());
  const now = new Date();
  const rows = DEMO_SPACES.filter((s) => !existing.some((e) => e.demoKey === s.demoKey)).map((space) => {
    const i = DEMO_SPACES.indexOf(space);
    const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
    const document = buildDemoDocument(space, { sceneId: idByKey.get(next.demoKey)!, label: next.portalLabel });
    const thumb = thumbnailUri(space.demoKey);
    // One multi-row insert would give every row the same default timestamp, leaving "oldest first"
    // (Explore's sort, tests' first demo) to chance; space them a millisecond apart in catalogue order.
    const at = new Date(now.getTime() - (DEMO_SPACES.length - i));
    return {
      id: idByKey.get(space.demoKey)!,
      ownerId,
      creatorId: ownerId,
      title: space.title,
      description: space.description,
      tags: space.tags,
      coverPhotoUri: thumb,
      thumbnailUri: thumb,
      spaceTemplateId: demoTemplateId(space.familyId),
      state: 'Published' as const,
      visible: true,
      publishedPublic: true,
      content: document,
      contentVersion: 1,
      publishedContent: document,
      publishedContentVersion: 1,
      demoKey: space.demoKey,
      createdAt: at,
      publishedAt: at,
    };
  });
  if (rows.length > 0) await db.insert(scenes).values(rows).onConflictDoNothing({ target: scenes.demoKey });
  if (rows.length > 0 && existing.length > 0) await relinkRing(db, idByKey);
}

/** A refilled space has a new id: the existing spaces' demo portals are pointed at the current ids. */
async function relinkRing(db: Db, idByKey: Map<string, string>) {
  const rows = await db
    .select({ id: scenes.id, demoKey: scenes.demoKey, content: scenes.content, publishedContent: scenes.publishedContent })
    .from(scenes)
    .where(inArray(scenes.demoKey, DEMO_SPACES.map((s) => s.demoKey)));
  for (const row of rows) {
    const i = DEMO_SPACES.findIndex((s) => s.demoKey === row.demoKey);
    const sceneId = idByKey.get(DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!.demoKey)!;
    const relink = (doc: unknown) => {
      const d = doc as { portals?: { id: string; target: unknown }[] };
      return { ...d, portals: (d.portals ?? []).map((p) => (p.id === DEMO_PORTAL_ID ? { ...p, target: { kind: 'scene', sceneId } } : p)) };
    };
    await db
      .update(scenes)
      .set({ content: relink(row.content), publishedContent: row.publishedContent === null ? null : relink(row.publishedContent) })
      .where(eq(scenes.id, row.id));
  }
}
