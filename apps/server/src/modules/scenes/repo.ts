import { and, count, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { scenes, users } from '../../db/schema/index.ts';

export type SceneRow = typeof scenes.$inferSelect;
export type NewScene = Omit<typeof scenes.$inferInsert, 'id'>;

export class ScenesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewScene): Promise<SceneRow> {
    const [saved] = await this.db
      .insert(scenes)
      .values({ id: uuidv7(), ...row })
      .returning();
    return saved!;
  }

  /** A published, visible space or undefined; hidden and draft spaces are indistinguishable from missing. */
  findPublished(id: string) {
    return this.db.query.scenes.findFirst({
      where: and(eq(scenes.id, id), eq(scenes.state, 'Published'), eq(scenes.visible, true)),
    });
  }

  /** The creator's public face for a space's metadata: name and stored picture key. */
  async findCreator(userId: string): Promise<{ name: string | null; profilePicture: string | null } | undefined> {
    const [row] = await this.db
      .select({ name: users.name, profilePicture: users.profilePicture })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  findById(id: string) {
    return this.db.query.scenes.findFirst({ where: eq(scenes.id, id) });
  }

  findByDemoKey(key: string) {
    return this.db.query.scenes.findFirst({ where: eq(scenes.demoKey, key) });
  }

  listDemo() {
    return this.db.query.scenes.findMany({
      columns: { id: true, demoKey: true, title: true },
      where: (s, { isNotNull }) => isNotNull(s.demoKey),
      orderBy: (s, { asc }) => asc(s.createdAt),
    });
  }

  /** The owner's spaces, newest edit first, with the total for paging. */
  async listByOwner(ownerId: string, cp: number, ipp: number, state?: SceneRow['state']) {
    const where = state ? and(eq(scenes.ownerId, ownerId), eq(scenes.state, state)) : eq(scenes.ownerId, ownerId);
    const [items, [total]] = await Promise.all([
      this.db.select().from(scenes).where(where).orderBy(desc(scenes.updatedAt), desc(scenes.id)).limit(ipp).offset(cp * ipp),
      this.db.select({ n: count() }).from(scenes).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  }

  async countDrafts(ownerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(scenes)
      .where(and(eq(scenes.ownerId, ownerId), eq(scenes.state, 'Draft')));
    return row?.n ?? 0;
  }

  /**
   * Inserts a draft only while the owner holds fewer than `limit` drafts. The per-owner advisory lock
   * makes the count and the insert one step, so two tabs creating at once cannot both pass the check.
   */
  async insertDraftWithin(row: NewScene & { ownerId: string }, limit: number | null): Promise<SceneRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drafts:${row.ownerId}`}))`);
      if (limit !== null) {
        const [n] = await tx
          .select({ n: count() })
          .from(scenes)
          .where(and(eq(scenes.ownerId, row.ownerId), eq(scenes.state, 'Draft')));
        if ((n?.n ?? 0) >= limit) return null;
      }
      const [saved] = await tx.insert(scenes).values({ id: uuidv7(), ...row }).returning();
      return saved!;
    });
  }

  async updateMetadata(id: string, patch: Partial<Pick<SceneRow, 'title' | 'description' | 'tags' | 'spaceTemplateId' | 'coverPhotoUri' | 'photoGallery'>>) {
    const [saved] = await this.db
      .update(scenes)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(scenes.id, id))
      .returning();
    return saved;
  }

  /**
   * Compare-and-set on contentVersion: the write lands only if nobody saved since `baseVersion`.
   * Undefined means the version moved on (or the row is gone) and the caller reports a conflict.
   */
  async replaceContent(id: string, baseVersion: number, content: object) {
    const [saved] = await this.db
      .update(scenes)
      .set({ content, contentVersion: sql`${scenes.contentVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(scenes.id, id), eq(scenes.contentVersion, baseVersion)))
      .returning({ contentVersion: scenes.contentVersion, updatedAt: scenes.updatedAt });
    return saved;
  }
}
