import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { DistrictImageKind } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { assets, districts, sceneAssets, scenes, userGroupMembers, userGroups } from '../../db/schema/index.ts';
import { selectCards, toCard } from '../sceneAccess/cards.ts';
import { shownIn } from './requestsRepo.ts';


/** The district home's categories (Spaces, Library, Groups) and its images; no rules here (pages.ts). */
export class DistrictPagesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Published spaces the district shows (in its slots or hosted) that `visible` admits, newest first. */
  async published(districtId: string, visible: SQL, cp: number, ipp: number) {
    const rows = await selectCards(this.db)
      .where(and(shownIn(districtId), visible))
      .orderBy(desc(scenes.publishedAt), desc(scenes.id))
      .limit(ipp)
      .offset(cp * ipp);
    return rows.map(toCard);
  }

  /** The caller's own drafts, the spaces they may publish into the district. */
  async drafts(ownerId: string, cp: number, ipp: number) {
    const rows = await selectCards(this.db)
      .where(and(eq(scenes.ownerId, ownerId), eq(scenes.state, 'Draft')))
      .orderBy(desc(scenes.updatedAt), desc(scenes.id))
      .limit(ipp)
      .offset(cp * ipp);
    return rows.map(toCard);
  }

  /** Files of one kind that the district's listed spaces use, each once (with one space that uses it). */
  async library(districtId: string, visible: SQL, kind: string, cp: number, ipp: number) {
    return this.db
      .selectDistinctOn([assets.createdAt, assets.id], {
        assetId: assets.id,
        kind: assets.kind,
        title: assets.title,
        sceneId: scenes.id,
        createdAt: assets.createdAt,
      })
      .from(assets)
      .innerJoin(sceneAssets, eq(sceneAssets.assetId, assets.id))
      .innerJoin(scenes, eq(scenes.id, sceneAssets.sceneId))
      .where(and(sql`${assets.kind} = ${kind}`, shownIn(districtId), visible))
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(ipp)
      .offset(cp * ipp);
  }

  async groups(districtId: string, cp: number, ipp: number) {
    return this.db
      .select({
        id: userGroups.id,
        ownerId: userGroups.ownerId,
        title: userGroups.title,
        description: userGroups.description,
        photo: userGroups.photo,
        createdAt: userGroups.createdAt,
        updatedAt: userGroups.updatedAt,
        memberCount: sql<number>`(select count(*)::int from ${userGroupMembers} where ${userGroupMembers.groupId} = ${userGroups.id})`,
      })
      .from(userGroups)
      .where(eq(userGroups.districtId, districtId))
      .orderBy(desc(userGroups.createdAt), desc(userGroups.id))
      .limit(ipp)
      .offset(cp * ipp);
  }

  /** A district group, owned by the district's Owner; 'taken' when the Owner already has that title. */
  async createGroup(districtId: string, ownerId: string, v: { title: string; description: string }) {
    const rows = await this.db
      .insert(userGroups)
      .values({ id: newId(), ownerId, districtId, ...v })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? ('taken' as const);
  }

  async image(districtId: string, kind: DistrictImageKind): Promise<string | null> {
    const [row] = await this.db.select({ photo: districts.photo, coverPhoto: districts.coverPhoto }).from(districts).where(eq(districts.id, districtId));
    return row?.[kind] ?? null;
  }

  /** Stores the new key and answers the one it replaced. */
  async setImage(districtId: string, kind: DistrictImageKind, key: string | null): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ photo: districts.photo, coverPhoto: districts.coverPhoto })
        .from(districts)
        .where(eq(districts.id, districtId))
        .for('update');
      await tx
        .update(districts)
        .set({ [kind]: key, updatedAt: new Date() })
        .where(eq(districts.id, districtId));
      return old?.[kind] ?? null;
    });
  }
}
