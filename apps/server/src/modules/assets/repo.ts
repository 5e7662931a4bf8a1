import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, licenses, userAvatars, users } from '../../db/schema/index.ts';

export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;
export type AssetRowWithCreator = AssetRow & {
  creator: { id: string; name: string | null; profilePicture: string | null } | null;
};

const creatorCols = { id: users.id, name: users.name, profilePicture: users.profilePicture };

export class AssetsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: NewAsset): Promise<AssetRow> {
    const [saved] = await this.db.insert(assets).values(row).returning();
    return saved!;
  }

  async findById(id: string): Promise<AssetRowWithCreator | undefined> {
    const [row] = await this.db
      .select({ a: assets, creator: creatorCols })
      .from(assets)
      .leftJoin(users, eq(users.id, assets.ownerId))
      .where(eq(assets.id, id));
    return row ? { ...row.a, creator: row.creator } : undefined;
  }

  async update(id: string, patch: Partial<NewAsset>): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .update(assets)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(assets.id, id))
      .returning();
    return row;
  }

  /** Job progress is not an edit: it leaves updatedAt alone. */
  async setProgress(id: string, progress: number) {
    await this.db.update(assets).set({ progress }).where(eq(assets.id, id));
  }

  async delete(id: string) {
    await this.db.delete(assets).where(eq(assets.id, id));
  }

  async listByOwner(
    ownerId: string,
    kinds: AssetRow['kind'][],
    opts: { cp: number; ipp: number; sort: 'updatedAt' | 'createdAt' | 'title'; order: 'asc' | 'desc' },
  ) {
    const where = and(eq(assets.ownerId, ownerId), inArray(assets.kind, kinds));
    const dir = opts.order === 'asc' ? asc : desc;
    const [items, [total]] = await Promise.all([
      this.db
        .select({ a: assets, creator: creatorCols })
        .from(assets)
        .leftJoin(users, eq(users.id, assets.ownerId))
        .where(where)
        .orderBy(dir(assets[opts.sort]), dir(assets.id))
        .limit(opts.ipp)
        .offset(opts.cp * opts.ipp),
      this.db.select({ n: count() }).from(assets).where(where),
    ]);
    return { items: items.map((r) => ({ ...r.a, creator: r.creator })), total: total?.n ?? 0 };
  }

  /** Models whose optimisation had not finished when the server stopped; the job queue resumes them. */
  listProcessing() {
    return this.db.select({ id: assets.id }).from(assets).where(eq(assets.status, 'processing'));
  }

  licenses() {
    return this.db.select().from(licenses).orderBy(asc(licenses.position));
  }

  async licenseExists(id: string) {
    const [row] = await this.db.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, id));
    return Boolean(row);
  }

  /** True while some user's stored avatar choice is this VRM asset. */
  async usedAsAvatar(assetId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(userAvatars)
      .where(sql`${userAvatars.appearance}->'vrm'->>'assetId' = ${assetId}`);
    return (row?.n ?? 0) > 0;
  }

  /** A deleted VRM stops being anyone's avatar: the choice falls back to its built-in model. */
  async clearAvatarChoice(assetId: string): Promise<void> {
    await this.db
      .update(userAvatars)
      .set({ appearance: sql`${userAvatars.appearance} - 'vrm'`, updatedAt: new Date() })
      .where(sql`${userAvatars.appearance}->'vrm'->>'assetId' = ${assetId}`);
  }
}
