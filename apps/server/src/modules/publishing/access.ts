import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError, msg } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { sceneAcl, scenes } from '../../db/schema/index.ts';
import type { Actor } from '../users/actor.ts';

type SceneAccessRow = Pick<
  typeof scenes.$inferSelect,
  'id' | 'ownerId' | 'state' | 'visible' | 'publishedPublic' | 'privacyAclEnabled'
>;

/**
 * Who may read a published space (spec §6): its owner always; others only while it is published and
 * visible, and for a private space only when the owner listed them. Listing rules in SQL below must
 * say the same thing.
 */
export function listedIn(list: 'privacy' | 'communication', userId: string): SQL {
  return sql`exists (select 1 from ${sceneAcl} where ${sceneAcl.sceneId} = ${scenes.id} and ${sceneAcl.list} = ${list} and ${sceneAcl.principalType} = 'user' and ${sceneAcl.principalId} = ${userId})`;
}

/** The SQL twin of SceneAccess.decide for listings: published, visible and public, own or listed. */
export function readableBy(actorId: string | null): SQL {
  const personal = actorId
    ? sql` or ${scenes.ownerId} = ${actorId} or (${scenes.privacyAclEnabled} and ${listedIn('privacy', actorId)})`
    : sql``;
  return sql`(${scenes.state} = 'Published' and ${scenes.visible} and (${scenes.publishedPublic}${personal}))`;
}

export type AccessDecision = 'allowed' | 'denied' | 'missing';

export class SceneAccess {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async isListed(sceneId: string, list: 'privacy' | 'communication', userId: string): Promise<boolean> {
    const row = await this.db.query.sceneAcl.findFirst({
      where: and(
        eq(sceneAcl.sceneId, sceneId),
        eq(sceneAcl.list, list),
        eq(sceneAcl.principalType, 'user'),
        eq(sceneAcl.principalId, userId),
      ),
    });
    return row !== undefined;
  }

  /** Drafts and hidden spaces are 'missing' to everyone but the owner, so their existence never leaks. */
  async decide(actor: Actor | null, row: SceneAccessRow | undefined): Promise<AccessDecision> {
    if (!row) return 'missing';
    if (actor && row.ownerId === actor.userId) return 'allowed';
    if (row.state !== 'Published' || !row.visible) return 'missing';
    if (row.publishedPublic) return 'allowed';
    if (actor && row.privacyAclEnabled && (await this.isListed(row.id, 'privacy', actor.userId))) return 'allowed';
    return 'denied';
  }

  /** For metadata, content and cover reads: a refused visitor gets SPACE_ACCESS_DENIED (the access-denied page). */
  async assertRead(actor: Actor | null, row: SceneAccessRow | undefined): Promise<void> {
    const d = await this.decide(actor, row);
    if (d === 'missing') throw new AppError('NOT_FOUND', msg.scene.notFound);
    if (d === 'denied') throw new AppError('SPACE_ACCESS_DENIED');
  }

  /** For social writes and lists: anything the caller cannot see is simply not found. */
  async assertVisible(actor: Actor | null, row: SceneAccessRow | undefined): Promise<void> {
    if ((await this.decide(actor, row)) !== 'allowed') throw new AppError('NOT_FOUND', msg.scene.notFound);
  }
}
