import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sceneEvents, users } from '../../db/schema/index.ts';

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

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
  }
}
