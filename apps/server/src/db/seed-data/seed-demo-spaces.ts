import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
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

/** What a demo space's row holds from the catalogue: its document (portal to `nextId`), title, description and tags. */
function seededFields(i: number, nextId: string) {
  const space = DEMO_SPACES[i]!;
  const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
  // As stored: JSON has no undefined, so a built document compares equal to its jsonb copy.
  const document = JSON.parse(JSON.stringify(buildDemoDocument(space, { sceneId: nextId, label: next.portalLabel }))) as Record<string, unknown>;
  return { document, title: space.title, description: space.description, tags: space.tags };
}

/**
 * Names the refresh step after the catalogue as seeded (every demo space's document, with a
 * stand-in portal target, and its title, description and tags): a release that changes a demo
 * space runs `refreshDemoSpaces` once, and databases seeded before it show the new version.
 */
export function demoRefreshStepName(): string {
  const h = crypto.createHash('sha256');
  DEMO_SPACES.forEach((_, i) => h.update(JSON.stringify(seededFields(i, '00000000-0000-4000-8000-000000000000'))).update('\0'));
  return `0006-demo-spaces-${h.digest('hex').slice(0, 12)}`;
}

/**
 * Brings the seeded demo spaces up to the catalogue: a space whose document, title, description
 * or tags differ from what the catalogue now builds gets them, drafts and published copy alike,
 * with both versions moved on (an open editor then sees a newer save). Ids, state, visibility,
 * likes and comments stay; spaces that match are not written.
 */
export async function refreshDemoSpaces(db: Db): Promise<void> {
  const rows = await db
    .select({ id: scenes.id, demoKey: scenes.demoKey, content: scenes.content, publishedContent: scenes.publishedContent, title: scenes.title, description: scenes.description, tags: scenes.tags })
    .from(scenes)
    .where(inArray(scenes.demoKey, DEMO_SPACES.map((s) => s.demoKey)));
  const idByKey = new Map(rows.map((r) => [r.demoKey!, r.id]));
  for (const row of rows) {
    const i = DEMO_SPACES.findIndex((s) => s.demoKey === row.demoKey);
    // A space of the ring missing from this database: the portal keeps the target it has.
    const nextId = idByKey.get(DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!.demoKey);
    const stored = row.content as { portals?: { id: string; target?: { sceneId?: string } }[] };
    const target = nextId ?? stored.portals?.find((p) => p.id === DEMO_PORTAL_ID)?.target?.sceneId ?? newId();
    const want = seededFields(i, target);
    const same = isDeepStrictEqual(row.content, want.document) && isDeepStrictEqual(row.publishedContent, want.document)
      && row.title === want.title && row.description === want.description && isDeepStrictEqual(row.tags, want.tags);
    if (same) continue;
    await db
      .update(scenes)
      .set({
        content: want.document,
        contentVersion: sql`${scenes.contentVersion} + 1`,
        publishedContent: want.document,
        publishedContentVersion: sql`coalesce(${scenes.publishedContentVersion}, 0) + 1`,
        title: want.title,
        description: want.description,
        tags: want.tags,
        updatedAt: new Date(),
      })
      .where(eq(scenes.id, row.id));
  }
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
