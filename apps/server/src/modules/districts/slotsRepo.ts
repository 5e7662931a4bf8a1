import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { DistrictRole } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtMembers, districts, scenes, slots } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DistrictSlotRow {
  id: string;
  districtId: string;
  districtTitle: string;
  districtSubdomain: string;
  productId: string | null;
  priceCoin: number | null;
  sceneId: string | null;
  sceneTitle: string | null;
  publisherId: string | null;
  createdAt: Date;
}

/** District slots: `slots` rows of kind 'district' (migration 0026). */
export class DistrictSlotsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** A new district's slots: `included` free ones, then `extra` bought at `priceCoin` each. */
  async create(tx: Tx, v: { districtId: string; ownerId: string; included: number; extra: number; productId: string; priceCoin: number }): Promise<number> {
    const rows: (typeof slots.$inferInsert)[] = [];
    for (let i = 0; i < v.included; i++) rows.push({ id: newId(), ownerId: v.ownerId, kind: 'district', districtId: v.districtId });
    for (let i = 0; i < v.extra; i++)
      rows.push({ id: newId(), ownerId: v.ownerId, kind: 'district', districtId: v.districtId, productId: v.productId, priceCoin: v.priceCoin });
    if (rows.length) await tx.insert(slots).values(rows);
    return rows.length;
  }

  private select(db: Tx | Db = this.db) {
    return db
      .select({
        id: slots.id,
        districtId: districts.id,
        districtTitle: districts.title,
        districtSubdomain: districts.subdomain,
        productId: slots.productId,
        priceCoin: slots.priceCoin,
        sceneId: slots.sceneId,
        sceneTitle: scenes.title,
        publisherId: scenes.ownerId,
        createdAt: slots.createdAt,
      })
      .from(slots)
      .innerJoin(districts, eq(districts.id, slots.districtId))
      .leftJoin(scenes, eq(scenes.id, slots.sceneId));
  }

  ofDistrict(districtId: string): Promise<DistrictSlotRow[]> {
    return this.select()
      .where(eq(slots.districtId, districtId))
      .orderBy(asc(slots.createdAt), asc(slots.id));
  }

  /**
   * Empty district slots this person may publish into now: every empty slot of a district they own,
   * and of a district where they are a Creator while they hold fewer of its slots than allocated.
   */
  usableBy(userId: string, now: Date): Promise<DistrictSlotRow[]> {
    const held = sql`(select count(*) from ${slots} s2 join ${scenes} sc on sc.id = s2.scene_id
      where s2.district_id = ${districtMembers.districtId} and sc.owner_id = ${userId})`;
    return this.select()
      .innerJoin(districtMembers, and(eq(districtMembers.districtId, slots.districtId), eq(districtMembers.userId, userId)))
      .where(
        and(
          sql`${slots.sceneId} is null`,
          // A lapsed Owner's Pro plan expires the district's slots (modules/subscriptions).
          sql`(${slots.expiresAt} is null or ${slots.expiresAt} > ${now})`,
          sql`(${districtMembers.role} = 'Owner' or (${districtMembers.role} = 'Creator' and ${held} < ${districtMembers.allocatedSlots}))`,
        ),
      )
      .orderBy(asc(districts.title), asc(slots.createdAt), asc(slots.id));
  }

  /**
   * The publisher's membership, locked for the rest of the transaction, so two publishes by one
   * Creator into two slots of the district queue up and cannot both pass the allocation check.
   */
  async lockMember(tx: Tx, districtId: string, userId: string): Promise<{ role: DistrictRole; allocatedSlots: number } | undefined> {
    const [m] = await tx
      .select({ role: districtMembers.role, allocatedSlots: districtMembers.allocatedSlots })
      .from(districtMembers)
      .where(and(eq(districtMembers.districtId, districtId), eq(districtMembers.userId, userId)))
      .for('update');
    return m;
  }

  /** District slots holding this person's spaces, other than `slotId`. */
  async heldBy(tx: Tx, districtId: string, userId: string, slotId: string): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(slots)
      .innerJoin(scenes, eq(scenes.id, slots.sceneId))
      .where(and(eq(slots.districtId, districtId), isNotNull(slots.sceneId), eq(scenes.ownerId, userId), ne(slots.id, slotId)));
    return r?.n ?? 0;
  }
}
