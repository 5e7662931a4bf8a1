import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { scenes } from '../schema/index.ts';
import { DEMO_SPACES, thumbnailUri } from '@atrium/assets/demo-spaces';
import { buildLobbyDocument, LOBBY_DESCRIPTION, LOBBY_SCENE_ID, LOBBY_TAGS, LOBBY_TITLE } from '@atrium/assets/lobby';
import { ensureStudioUser } from './seed-demo-spaces.ts';

/**
 * Names the lobby seed step after the featured list (keys and titles, in order): a release that adds,
 * drops or renames a featured space runs the step again and the lobby's portals follow.
 */
export function lobbyStepName(): string {
  const h = crypto.createHash('sha256');
  for (const s of DEMO_SPACES) h.update(s.demoKey).update('\0').update(s.title).update('\0');
  return `0005-lobby-${h.digest('hex').slice(0, 12)}`;
}

/**
 * Creates or rebuilds the lobby (fixed id LOBBY_SCENE_ID, owned by Atrium Studio, published and
 * public): one portal per featured space — the seeded demo spaces that are live, in ring order —
 * each leading to that space's current id and labelled with its current title.
 */
export async function seedLobby(db: Db): Promise<void> {
  const ownerId = await ensureStudioUser(db);
  const rows = await db
    .select({ id: scenes.id, demoKey: scenes.demoKey, title: scenes.title })
    .from(scenes)
    .where(
      and(
        inArray(scenes.demoKey, DEMO_SPACES.map((s) => s.demoKey)),
        eq(scenes.state, 'Published'),
        eq(scenes.visible, true),
        eq(scenes.publishedPublic, true),
      ),
    );
  const order = (key: string | null) => DEMO_SPACES.findIndex((s) => s.demoKey === key);
  const targets = rows.sort((a, b) => order(a.demoKey) - order(b.demoKey)).map((r) => ({ sceneId: r.id, title: r.title }));
  const document = buildLobbyDocument(targets);
  const now = new Date();
  await db
    .insert(scenes)
    .values({
      id: LOBBY_SCENE_ID,
      ownerId,
      creatorId: ownerId,
      title: LOBBY_TITLE,
      description: LOBBY_DESCRIPTION,
      tags: LOBBY_TAGS,
      // Rendered by `npm run thumbnails lobby` (with stand-in portal targets; the hall looks the same).
      coverPhotoUri: thumbnailUri('lobby'),
      thumbnailUri: thumbnailUri('lobby'),
      state: 'Published',
      visible: true,
      publishedPublic: true,
      content: document,
      contentVersion: 1,
      publishedContent: document,
      publishedContentVersion: 1,
      publishedAt: now,
    })
    .onConflictDoUpdate({
      target: scenes.id,
      set: {
        content: document,
        contentVersion: sql`${scenes.contentVersion} + 1`,
        publishedContent: document,
        publishedContentVersion: sql`coalesce(${scenes.publishedContentVersion}, 0) + 1`,
        updatedAt: now,
      },
    });
}
