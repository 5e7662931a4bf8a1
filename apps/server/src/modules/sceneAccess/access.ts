import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, msg } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtMembers, districts, sceneAcl, sceneAssets, scenes, userGroupMembers, userGroups } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';

type SceneAccessRow = Pick<
  typeof scenes.$inferSelect,
  'id' | 'ownerId' | 'state' | 'visible' | 'publishedPublic' | 'privacyAclEnabled' | 'districtId' | 'districtPrivate'
>;

/**
 * Who may read a published space (spec §6): its owner always; others only while it is published and
 * visible, and for a private space only when the owner listed them, by name or through one of the
 * owner's groups (membership is read here, so group changes apply at once). Listing rules in SQL
 * below must say the same thing.
 */
export function listedIn(list: 'privacy' | 'communication', userId: string): SQL {
  const viaGroup = sql`exists (select 1 from ${userGroupMembers} inner join ${userGroups} on ${userGroups.id} = ${userGroupMembers.groupId}
    where ${userGroupMembers.groupId} = ${sceneAcl.principalId} and ${userGroupMembers.userId} = ${userId} and ${userGroups.ownerId} = ${scenes.ownerId})`;
  return sql`exists (select 1 from ${sceneAcl} where ${sceneAcl.sceneId} = ${scenes.id} and ${sceneAcl.list} = ${list} and (
    (${sceneAcl.principalType} = 'user' and ${sceneAcl.principalId} = ${userId}) or (${sceneAcl.principalType} = 'group' and ${viaGroup})))`;
}

/**
 * The districts whose spaces a reader reads as an insider: those they are a member of (the owner is
 * one), and those one of whose groups they belong to (DistrictAccess.roleOf admits them as Guests).
 * Both halves start from the reader (district_members by user, user_group_members_user_idx), so the
 * set stays small and the outer `district_id = any(…)` can use scenes_district_idx.
 */
function districtsOf(actorId: string): SQL {
  return sql`(select ${districtMembers.districtId} from ${districtMembers} where ${districtMembers.userId} = ${actorId}
    union select ${userGroups.districtId} from ${userGroupMembers} inner join ${userGroups} on ${userGroups.id} = ${userGroupMembers.groupId}
    where ${userGroupMembers.userId} = ${actorId} and ${userGroups.districtId} is not null)`;
}

/**
 * District spaces (spec §4 District visibility, §6 "non-members see no-access page"): a space placed
 * in a district's slot is read by that district's insiders (members and members of its groups, as
 * DistrictAccess.roleOf says) whatever its own audience (the district is where it was published for
 * them), and a private district's space by nobody else but its owner.
 * `district_id` and `district_private` are kept on the row by triggers (migration 0029).
 */
function memberOfSpaceDistrict(actorId: string): SQL {
  // An array computed once (InitPlan), not a semi-join: the planner cannot misjudge the reader's few
  // districts as many (with stale statistics it read every district space through a hash join), and
  // the district part of the listings always walks scenes_district_idx by those ids.
  return sql`${scenes.districtId} = any(array${districtsOf(actorId)})`;
}

/**
 * The SQL twin of SceneAccess.decide for listings: published and visible; own, a space of one of the
 * reader's districts (member or group member), or (outside private districts) public or listed.
 */
export function readableBy(actorId: string | null): SQL {
  if (!actorId) return sql`(${scenes.state} = 'Published' and ${scenes.visible} and ${scenes.publishedPublic} and not ${scenes.districtPrivate})`;
  const audience = sql`(not ${scenes.districtPrivate} and (${scenes.publishedPublic} or (${scenes.privacyAclEnabled} and ${listedIn('privacy', actorId)})))`;
  return sql`(${scenes.state} = 'Published' and ${scenes.visible} and (${scenes.ownerId} = ${actorId} or ${audience} or ${memberOfSpaceDistrict(actorId)}))`;
}

/**
 * readableBy for a signed-in visitor, split into parts whose union is the same set, each one an
 * index can serve: listed (the partial listing indexes), own (owner index), shared with them by a
 * privacy list (scene_acl by principal, then the full listedIn check).
 */
export function readableParts(actorId: string): { listed: SQL; own: SQL; shared: SQL; district: SQL } {
  const live = sql`${scenes.state} = 'Published' and ${scenes.visible}`;
  const principals = sql`${sceneAcl.principalId} = ${actorId} or ${sceneAcl.principalId} in (select ${userGroupMembers.groupId} from ${userGroupMembers} where ${userGroupMembers.userId} = ${actorId})`;
  return {
    listed: sql`(${live} and ${scenes.publishedPublic} and not ${scenes.districtPrivate})`,
    own: sql`(${live} and ${scenes.ownerId} = ${actorId})`,
    shared: sql`(${live} and not ${scenes.districtPrivate} and ${scenes.privacyAclEnabled} and ${scenes.id} in (select ${sceneAcl.sceneId} from ${sceneAcl} where ${sceneAcl.list} = 'privacy' and (${principals})) and ${listedIn('privacy', actorId)})`,
    // Spaces of the reader's districts (scenes_district_idx through their memberships).
    district: sql`(${live} and ${memberOfSpaceDistrict(actorId)})`,
  };
}

const uuidLike = z.uuid();

export type AccessDecision = 'allowed' | 'denied' | 'missing';

export class SceneAccess {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async isListed(sceneId: string, list: 'privacy' | 'communication', userId: string): Promise<boolean> {
    const rows = await this.db.select({ id: scenes.id }).from(scenes).where(and(eq(scenes.id, sceneId), listedIn(list, userId)));
    return rows.length > 0;
  }

  /** Drafts and hidden spaces are 'missing' to everyone but the owner, so their existence never leaks. */
  async decide(actor: Actor | null, row: SceneAccessRow | undefined): Promise<AccessDecision> {
    if (!row) return 'missing';
    if (actor && row.ownerId === actor.userId) return 'allowed';
    if (row.state !== 'Published' || !row.visible) return 'missing';
    if (actor && row.districtId && (await this.isDistrictMember(row.districtId, actor.userId))) return 'allowed';
    if (row.districtPrivate) return 'denied';
    if (row.publishedPublic) return 'allowed';
    if (actor && row.privacyAclEnabled && (await this.isListed(row.id, 'privacy', actor.userId))) return 'allowed';
    return 'denied';
  }

  /** The JS side of memberOfSpaceDistrict, through the same SQL so the two can never disagree. */
  private async isDistrictMember(districtId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: districts.id })
      .from(districts)
      .where(and(eq(districts.id, districtId), sql`${districts.id} in ${districtsOf(userId)}`))
      .limit(1);
    return rows.length > 0;
  }

  /** For metadata, content and cover reads: a refused visitor gets SPACE_ACCESS_DENIED (the access-denied page). */
  async assertRead(actor: Actor | null, row: SceneAccessRow | undefined): Promise<void> {
    const d = await this.decide(actor, row);
    if (d === 'missing') throw new AppError('NOT_FOUND', msg.scene.notFound);
    if (d === 'denied') throw new AppError('SPACE_ACCESS_DENIED');
  }

  /**
   * Owner-only actions (edit, publish, lists): a space the caller cannot even see answers 404 like a
   * missing one, so probing ids never tells a draft exists; only a space they can see is a 403.
   */
  async assertOwner(actor: Actor, row: SceneAccessRow | undefined): Promise<void> {
    if (row && row.ownerId === actor.userId) return;
    if ((await this.decide(actor, row)) === 'missing') throw new AppError('NOT_FOUND', msg.scene.notFound);
    throw new AppError('FORBIDDEN');
  }

  /** Those of `ids` (any strings) that name spaces the actor may read; the rest are never told apart. */
  async readableIds(actor: Actor | null, ids: string[]): Promise<string[]> {
    const wanted = [...new Set(ids)].filter((id) => uuidLike.safeParse(id).success);
    if (!wanted.length) return [];
    const rows = await this.db
      .select({ id: scenes.id })
      .from(scenes)
      .where(and(inArray(scenes.id, wanted), readableBy(actor?.userId ?? null)));
    const readable = new Set(rows.map((r) => r.id));
    return ids.filter((id) => readable.has(id));
  }

  /**
   * A library asset is readable through the spaces whose published version uses it (scene_assets,
   * which holds only the space owner's own assets): whoever may read one of them, by the same rule.
   */
  async readsAssetViaSpace(actor: Actor | null, assetId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: scenes.id })
      .from(sceneAssets)
      .innerJoin(scenes, eq(scenes.id, sceneAssets.sceneId))
      .where(and(eq(sceneAssets.assetId, assetId), readableBy(actor?.userId ?? null)))
      .limit(1);
    return rows.length > 0;
  }

  /** For social writes and lists: anything the caller cannot see is simply not found. */
  async assertVisible(actor: Actor | null, row: SceneAccessRow | undefined): Promise<void> {
    if ((await this.decide(actor, row)) !== 'allowed') throw new AppError('NOT_FOUND', msg.scene.notFound);
  }
}
