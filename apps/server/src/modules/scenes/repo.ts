import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { scenes, users } from '../../db/schema/index.ts';

export type SceneRow = typeof scenes.$inferSelect;
export type NewScene = Omit<typeof scenes.$inferInsert, 'id'>;

// Everything but the two documents (draft and published, up to 10 MB each): what metadata answers,
// listings and owner checks need, so none of them drags a document out of the database.
const { content: _content, publishedContent: _published, ...metadataColumns } = getTableColumns(scenes);
export type SceneMetaRow = Omit<SceneRow, 'content' | 'publishedContent'>;

const accessColumns = {
  id: scenes.id,
  ownerId: scenes.ownerId,
  state: scenes.state,
  visible: scenes.visible,
  publishedPublic: scenes.publishedPublic,
  privacyAclEnabled: scenes.privacyAclEnabled,
  districtId: scenes.districtId,
  districtPrivate: scenes.districtPrivate,
};
/** The narrow row an owner or read check decides on. */
export type SceneAccessRow = Pick<SceneRow, keyof typeof accessColumns>;

export class ScenesRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewScene): Promise<SceneRow> {
    const [saved] = await this.db
      .insert(scenes)
      .values({ id: newId(), ...row })
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

  async findMetadata(id: string): Promise<SceneMetaRow | undefined> {
    const [row] = await this.db.select(metadataColumns).from(scenes).where(eq(scenes.id, id)).limit(1);
    return row;
  }

  /** Owner and read checks: who owns the space and how it is shared, without its documents. */
  async findAccess(id: string): Promise<SceneAccessRow | undefined> {
    const [row] = await this.db.select(accessColumns).from(scenes).where(eq(scenes.id, id)).limit(1);
    return row;
  }

  /** The draft document and its version, for the owner's editor. */
  async findDraft(id: string): Promise<(SceneAccessRow & Pick<SceneRow, 'content' | 'contentVersion'>) | undefined> {
    const [row] = await this.db
      .select({ ...accessColumns, content: scenes.content, contentVersion: scenes.contentVersion })
      .from(scenes)
      .where(eq(scenes.id, id))
      .limit(1);
    return row;
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
      this.db.select(metadataColumns).from(scenes).where(where).orderBy(desc(scenes.updatedAt), desc(scenes.id)).limit(ipp).offset(cp * ipp),
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
  async insertDraftWithin(row: NewScene & { ownerId: string }, limit: number | null): Promise<SceneMetaRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drafts:${row.ownerId}`}))`);
      if (limit !== null) {
        const [n] = await tx
          .select({ n: count() })
          .from(scenes)
          .where(and(eq(scenes.ownerId, row.ownerId), eq(scenes.state, 'Draft')));
        if ((n?.n ?? 0) >= limit) return null;
      }
      const [saved] = await tx.insert(scenes).values({ id: newId(), ...row }).returning(metadataColumns);
      return saved!;
    });
  }

  async updateMetadata(id: string, patch: Partial<Pick<SceneRow, 'title' | 'description' | 'tags' | 'spaceTemplateId' | 'coverPhotoUri' | 'photoGallery'>>) {
    const [saved] = await this.db
      .update(scenes)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(scenes.id, id))
      .returning(metadataColumns);
    return saved;
  }

  /**
   * Compare-and-set on contentVersion: the write lands only if nobody saved since `baseVersion`.
   * Undefined means the version moved on (or the row is gone) and the caller reports a conflict.
   * `json` is the validated document already serialised (its size was measured on the same text).
   */
  async replaceContent(id: string, baseVersion: number, json: string) {
    const [saved] = await this.db
      .update(scenes)
      .set({ content: sql`${json}::jsonb`, contentVersion: sql`${scenes.contentVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(scenes.id, id), eq(scenes.contentVersion, baseVersion)))
      .returning({ contentVersion: scenes.contentVersion, updatedAt: scenes.updatedAt });
    return saved;
  }
}
