import { and, asc, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sceneEventRsvps, sceneEvents, scenes, users } from '../../db/schema/index.ts';

export type SceneEventRow = typeof sceneEvents.$inferSelect & {
  hostName: string | null;
  hostPicture: string | null;
};

/** Scheduled events of spaces (migration 0018). */
export class EventsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private select() {
    return this.db
      .select({
        id: sceneEvents.id,
        sceneId: sceneEvents.sceneId,
        hostId: sceneEvents.hostId,
        title: sceneEvents.title,
        description: sceneEvents.description,
        startsAt: sceneEvents.startsAt,
        endsAt: sceneEvents.endsAt,
        createdAt: sceneEvents.createdAt,
        updatedAt: sceneEvents.updatedAt,
        hostName: users.name,
        hostPicture: users.profilePicture,
      })
      .from(sceneEvents)
      .innerJoin(users, eq(users.id, sceneEvents.hostId))
      .$dynamic();
  }

  async find(id: string): Promise<SceneEventRow | undefined> {
    return (await this.select().where(eq(sceneEvents.id, id)))[0];
  }

  /** Events not yet over, soonest first. */
  upcoming(sceneId: string, now: Date): Promise<SceneEventRow[]> {
    return this.select()
      .where(and(eq(sceneEvents.sceneId, sceneId), gt(sceneEvents.endsAt, now)))
      .orderBy(asc(sceneEvents.startsAt));
  }

  /** The event on right now in this space (the earliest started, if two overlap). */
  async live(sceneId: string, now: Date): Promise<SceneEventRow | undefined> {
    return (
      await this.select()
        .where(
          and(eq(sceneEvents.sceneId, sceneId), lte(sceneEvents.startsAt, now), gt(sceneEvents.endsAt, now)),
        )
        .orderBy(asc(sceneEvents.startsAt))
        .limit(1)
    )[0];
  }

  async countUpcoming(sceneId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sceneEvents)
      .where(and(eq(sceneEvents.sceneId, sceneId), gt(sceneEvents.endsAt, now)));
    return Number(row?.n ?? 0);
  }

  async insert(row: typeof sceneEvents.$inferInsert): Promise<void> {
    await this.db.insert(sceneEvents).values(row);
  }

  async update(
    id: string,
    patch: Partial<
      Pick<typeof sceneEvents.$inferInsert, 'title' | 'description' | 'startsAt' | 'endsAt' | 'hostId'>
    >,
  ) {
    await this.db
      .update(sceneEvents)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(sceneEvents.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(sceneEvents).where(eq(sceneEvents.id, id));
  }

  /** Events on now, over all spaces (Explore's "happening now"); one row per space, earliest start. */
  async liveScenes(now: Date, limit: number): Promise<{ sceneId: string; eventId: string; title: string; endsAt: Date }[]> {
    const rows = await this.db
      .select({ sceneId: sceneEvents.sceneId, eventId: sceneEvents.id, title: sceneEvents.title, endsAt: sceneEvents.endsAt })
      .from(sceneEvents)
      .where(and(lte(sceneEvents.startsAt, now), gt(sceneEvents.endsAt, now)))
      .orderBy(asc(sceneEvents.startsAt))
      .limit(limit * 4);
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.sceneId) && seen.add(r.sceneId)).slice(0, limit);
  }

  /** Records an RSVP answer (insert, or replace the earlier one). */
  async answer(eventId: string, userId: string, going: boolean): Promise<void> {
    await this.db
      .insert(sceneEventRsvps)
      .values({ eventId, userId, going })
      .onConflictDoUpdate({
        target: [sceneEventRsvps.eventId, sceneEventRsvps.userId],
        set: { going, answeredAt: new Date() },
      });
  }

  async counts(eventIds: string[]): Promise<Map<string, { going: number; notGoing: number }>> {
    const out = new Map<string, { going: number; notGoing: number }>();
    if (!eventIds.length) return out;
    const rows = await this.db
      .select({ eventId: sceneEventRsvps.eventId, going: sceneEventRsvps.going, n: count() })
      .from(sceneEventRsvps)
      .where(inArray(sceneEventRsvps.eventId, eventIds))
      .groupBy(sceneEventRsvps.eventId, sceneEventRsvps.going);
    for (const r of rows) {
      const c = out.get(r.eventId) ?? { going: 0, notGoing: 0 };
      if (r.going) c.going = Number(r.n);
      else c.notGoing = Number(r.n);
      out.set(r.eventId, c);
    }
    return out;
  }

  async answersOf(userId: string, eventIds: string[]): Promise<Map<string, boolean>> {
    if (!eventIds.length) return new Map();
    const rows = await this.db
      .select({ eventId: sceneEventRsvps.eventId, going: sceneEventRsvps.going })
      .from(sceneEventRsvps)
      .where(and(eq(sceneEventRsvps.userId, userId), inArray(sceneEventRsvps.eventId, eventIds)));
    return new Map(rows.map((r) => [r.eventId, r.going]));
  }

  /** Everyone who answered, newest answer first (the owner's list). */
  answers(eventId: string) {
    return this.db
      .select({
        userId: sceneEventRsvps.userId,
        going: sceneEventRsvps.going,
        answeredAt: sceneEventRsvps.answeredAt,
        name: users.name,
        picture: users.profilePicture,
      })
      .from(sceneEventRsvps)
      .innerJoin(users, eq(users.id, sceneEventRsvps.userId))
      .where(eq(sceneEventRsvps.eventId, eventId))
      .orderBy(desc(sceneEventRsvps.answeredAt));
  }

  /**
   * Claims the reminders due: people going to an event that starts after `now` and by `until`, not
   * reminded yet. One UPDATE … RETURNING marks and returns them, so two runs (two processes, a replay
   * after a restart) never claim the same row: the second waits for the first's row lock, then sees
   * `reminded_at` set and skips it.
   */
  async claimReminders(now: Date, until: Date) {
    const due = this.db
      .select({ id: sceneEvents.id })
      .from(sceneEvents)
      .where(and(gt(sceneEvents.startsAt, now), lte(sceneEvents.startsAt, until)));
    const claimed = await this.db
      .update(sceneEventRsvps)
      .set({ remindedAt: now })
      .where(and(isNull(sceneEventRsvps.remindedAt), eq(sceneEventRsvps.going, true), inArray(sceneEventRsvps.eventId, due)))
      .returning({ eventId: sceneEventRsvps.eventId, userId: sceneEventRsvps.userId });
    if (!claimed.length) return [];
    const events = await this.db
      .select({ id: sceneEvents.id, title: sceneEvents.title, sceneId: sceneEvents.sceneId, sceneTitle: scenes.title })
      .from(sceneEvents)
      .innerJoin(scenes, eq(scenes.id, sceneEvents.sceneId))
      .where(inArray(sceneEvents.id, [...new Set(claimed.map((c) => c.eventId))]));
    const byId = new Map(events.map((e) => [e.id, e]));
    return claimed.flatMap((c) => {
      const e = byId.get(c.eventId);
      return e ? [{ ...c, title: e.title, sceneId: e.sceneId, sceneTitle: e.sceneTitle }] : [];
    });
  }

  /** Gives a claimed reminder back (its notification failed), so the next run sends it. */
  async unclaimReminder(eventId: string, userId: string): Promise<void> {
    await this.db
      .update(sceneEventRsvps)
      .set({ remindedAt: null })
      .where(and(eq(sceneEventRsvps.eventId, eventId), eq(sceneEventRsvps.userId, userId)));
  }

  /** A rescheduled event reminds again at its new time. */
  async resetReminders(eventId: string): Promise<void> {
    await this.db
      .update(sceneEventRsvps)
      .set({ remindedAt: null })
      .where(eq(sceneEventRsvps.eventId, eventId));
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
  }
}
