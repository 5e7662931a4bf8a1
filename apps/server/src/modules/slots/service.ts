import { AppError, SLOTS, type Role, type SlotSummary, type SlotView } from '@atrium/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scenes } from '../../db/schema/index.ts';
import { cardsWhere } from '../sceneAccess/cards.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { SlotRow, SlotsRepo } from './repo.ts';
import { systemClock, type Clock } from '../subscriptions/clock.ts';

export const planSlotsFor = (role: Role): number => SLOTS.planSlots[role];
export const isExpired = (s: Pick<SlotRow, 'expiresAt'>, now = new Date()) => s.expiresAt !== null && s.expiresAt <= now;

/** Spec §7 slot (my, me, available, {id}) and the expiry job. */
export class SlotsService {
  private readonly db: Db;
  private readonly repo: SlotsRepo;
  private readonly notifications: NotificationsService;
  private readonly clock: Clock;
  constructor(deps: { db: Db; repo: SlotsRepo; notifications: NotificationsService; clock?: Clock }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.notifications = deps.notifications;
    this.clock = deps.clock ?? systemClock;
  }

  /** "Now" for slot expiry: the plans' clock, so a trial and a plan run out on the same time line. */
  now(): Date {
    return this.clock.now();
  }

  async ensure(actor: Actor) {
    await this.repo.ensure(actor.userId, planSlotsFor(actor.role), SLOTS.trialDays);
  }

  private async views(rows: SlotRow[]): Promise<SlotView[]> {
    const sceneIds = rows.map((r) => r.sceneId).filter((x): x is string => x !== null);
    const cards = sceneIds.length ? await cardsWhere(this.db, inArray(scenes.id, sceneIds)) : [];
    const now = this.clock.now();
    return rows.map((r) => ({
      slotId: r.id,
      // District slots never reach here (listByOwner and byId leave them out).
      kind: r.kind as SlotView['kind'],
      expiresAt: r.expiresAt?.toISOString() ?? null,
      expired: isExpired(r, now),
      active: r.sceneId !== null,
      sceneId: r.sceneId,
      sceneMetadata: cards.find((c) => c.sceneId === r.sceneId) ?? null,
      productId: r.productId,
      priceCoin: r.priceCoin,
      districtId: r.districtId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async my(actor: Actor): Promise<SlotView[]> {
    await this.ensure(actor);
    return this.views(await this.repo.listByOwner(actor.userId, planSlotsFor(actor.role)));
  }

  /** Slots a space can be published into now: the caller's, unexpired and empty. */
  async available(actor: Actor): Promise<SlotView[]> {
    return (await this.my(actor)).filter((s) => !s.expired && !s.active);
  }

  async me(actor: Actor): Promise<SlotSummary> {
    const mine = await this.my(actor);
    const usable = mine.filter((s) => !s.expired || s.active);
    return {
      total: usable.length,
      used: mine.filter((s) => s.active).length,
      available: mine.filter((s) => !s.expired && !s.active).length,
      planSlots: planSlotsFor(actor.role),
      trialExpiresAt: mine.find((s) => s.kind === 'trial')?.expiresAt ?? null,
    };
  }

  async byId(actor: Actor, id: string): Promise<SlotView> {
    const row = await this.repo.byId(id);
    // Another person's slot answers like a missing one, so slot ids cannot be probed.
    // District slots are listed by modules/districts (GET /api/district/{id}/slots).
    if (!row || row.ownerId !== actor.userId || row.districtId) throw new AppError('NOT_FOUND');
    return (await this.views([row]))[0]!;
  }

  /**
   * Unpublishes the spaces of slots that expired by `now` and notifies their owners. Safe to run
   * again or from two servers at once: each slot is claimed by a conditional update.
   */
  async expireDue(now: Date = this.clock.now()): Promise<number> {
    let done = 0;
    for (const { slot, title, sceneOwnerId, districtTitle } of await this.repo.dueForExpiry(now)) {
      if (!(await this.repo.expire(slot.id, slot.sceneId!, now))) continue;
      done++;
      // A district slot's space may be a Creator's: they are the one who lost it.
      if (slot.districtId)
        await this.notifications.notify(sceneOwnerId ?? slot.ownerId, {
          type: 'districtSlotLapsed',
          sceneId: slot.sceneId!,
          sceneTitle: title,
          districtId: slot.districtId,
          districtTitle: districtTitle ?? '',
        });
      else await this.notifications.notify(slot.ownerId, { type: 'slotExpired', sceneId: slot.sceneId!, sceneTitle: title });
    }
    return done;
  }
}
