import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { districts, scenes, slots, users } from '../../db/schema/index.ts';

export type SlotRow = typeof slots.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class SlotsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Makes sure the trial slot (expiring `trialDays` after sign-up) and the plan's slots exist. The
   * partial unique indexes make this idempotent and safe when two requests race.
   */
  async ensure(ownerId: string, planSlots: number, trialDays: number): Promise<void> {
    const user = await this.db.query.users.findFirst({ where: eq(users.id, ownerId), columns: { createdAt: true } });
    if (!user) return;
    const expiresAt = new Date(user.createdAt.getTime() + trialDays * 86_400_000);
    const rows: (typeof slots.$inferInsert)[] = [{ id: newId(), ownerId, kind: 'trial', expiresAt }];
    for (let i = 0; i < planSlots; i++) rows.push({ id: newId(), ownerId, kind: 'plan', planIndex: i });
    await this.db.insert(slots).values(rows).onConflictDoNothing();
  }

  /**
   * The owner's slots; plan slots beyond the current plan (after a downgrade) are left out, and so is
   * an empty trial slot that was not kept while a paid plan is on (spec §9: Standard gives 1 slot,
   * Pro 4; the trial is the free account's slot). Slots holding a space always show.
   */
  listByOwner(ownerId: string, planSlots: number) {
    return this.db
      .select()
      .from(slots)
      .where(
        and(
          eq(slots.ownerId, ownerId),
          // District slots are the district's (modules/districts), never the owner's personal ones.
          isNull(slots.districtId),
          sql`(${slots.sceneId} is not null
            or (${slots.kind} = 'plan' and ${slots.planIndex} < ${planSlots})
            or (${slots.kind} = 'trial' and (${slots.productId} is not null or ${planSlots} = 0))
            or ${slots.kind} = 'purchased')`,
        ),
      )
      .orderBy(asc(slots.createdAt), asc(slots.planIndex));
  }

  /**
   * A plan ended: its slots stop at `until` (the grace period), after which the expiry job unpublishes
   * what they hold and notifies the owner, as it does for a trial slot.
   */
  async lapsePlanSlots(tx: Tx | Db, ownerId: string, until: Date): Promise<void> {
    await tx
      .update(slots)
      .set({ expiresAt: until })
      .where(and(eq(slots.ownerId, ownerId), eq(slots.kind, 'plan'), isNull(slots.expiryHandledAt)));
  }

  /**
   * The Owner's Pro plan ended (lapsed, or changed to Standard): every slot of their districts stops at
   * `until`, the same grace as plan slots, unless it already stops earlier; then the expiry job
   * unpublishes what they hold. The districts themselves, members and settings stay.
   */
  async lapseDistrictSlots(tx: Tx | Db, ownerId: string, until: Date): Promise<void> {
    await tx
      .update(slots)
      .set({ expiresAt: until })
      .where(
        and(
          eq(slots.ownerId, ownerId),
          eq(slots.kind, 'district'),
          isNull(slots.expiryHandledAt),
          sql`(${slots.expiresAt} is null or ${slots.expiresAt} > ${until})`,
        ),
      );
  }

  /** Pro (re)started: the Owner's district slots are usable again, with no end; what they held stays unpublished. */
  async reviveDistrictSlots(tx: Tx | Db, ownerId: string): Promise<void> {
    await tx
      .update(slots)
      .set({ expiresAt: null, expiryHandledAt: null })
      .where(and(eq(slots.ownerId, ownerId), eq(slots.kind, 'district')));
  }

  /** A plan (re)started: its slots are the plan's again, with no end. */
  async revivePlanSlots(tx: Tx | Db, ownerId: string): Promise<void> {
    await tx
      .update(slots)
      .set({ expiresAt: null, expiryHandledAt: null })
      .where(and(eq(slots.ownerId, ownerId), eq(slots.kind, 'plan')));
  }

  byId(id: string) {
    return this.db.query.slots.findFirst({ where: eq(slots.id, id) });
  }

  bySceneId(sceneId: string, tx: Tx | Db = this.db) {
    return tx.query.slots.findFirst({ where: eq(slots.sceneId, sceneId) });
  }

  /** Locks a slot row for the rest of the transaction, so two publishes into it queue up. */
  async lock(tx: Tx, id: string): Promise<SlotRow | undefined> {
    const [row] = await tx.select().from(slots).where(eq(slots.id, id)).for('update');
    return row;
  }

  async place(tx: Tx, slotId: string, sceneId: string): Promise<void> {
    await tx.update(slots).set({ sceneId: null }).where(and(eq(slots.sceneId, sceneId), sql`${slots.id} <> ${slotId}`));
    await tx.update(slots).set({ sceneId }).where(eq(slots.id, slotId));
  }

  async release(tx: Tx | Db, sceneId: string): Promise<void> {
    await tx.update(slots).set({ sceneId: null }).where(eq(slots.sceneId, sceneId));
  }

  /** Slots whose time ran out while holding a space and that the expiry job has not handled yet. */
  dueForExpiry(now: Date) {
    return this.db
      .select({ slot: slots, title: scenes.title, sceneOwnerId: scenes.ownerId, districtTitle: districts.title })
      .from(slots)
      .innerJoin(scenes, eq(scenes.id, slots.sceneId))
      .leftJoin(districts, eq(districts.id, slots.districtId))
      .where(and(isNotNull(slots.sceneId), isNull(slots.expiryHandledAt), lte(slots.expiresAt, now)));
  }

  /**
   * Unpublishes the slot's space and marks the slot handled, only if nobody did so meanwhile.
   * Returns whether this call did the work (so the owner is notified exactly once).
   */
  async expire(slotId: string, sceneId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const handled = await tx
        .update(slots)
        .set({ sceneId: null, expiryHandledAt: now })
        .where(and(eq(slots.id, slotId), eq(slots.sceneId, sceneId), isNull(slots.expiryHandledAt)))
        .returning({ id: slots.id });
      if (handled.length === 0) return false;
      await tx.update(scenes).set({ state: 'Draft' }).where(eq(scenes.id, sceneId));
      return true;
    });
  }

  sceneTitles(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select({ id: scenes.id, title: scenes.title }).from(scenes).where(inArray(scenes.id, ids));
  }
}
