import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ContentTranslations } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import {
  cmsArticles,
  cmsAuthors,
  cmsCategories,
  cmsGlossary,
  cmsResourceCategories,
  cmsStaff,
  cmsVideos,
  faqs,
} from '../../db/schema/index.ts';

export type ArticleRow = typeof cmsArticles.$inferSelect;
export type NewArticle = typeof cmsArticles.$inferInsert;

export interface ArticleFilter {
  kind?: string;
  category?: string;
  tag?: string;
  q?: string;
  includeDrafts: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const articleColumns = {
  article: cmsArticles,
  categorySlug: cmsCategories.slug,
  categoryTitle: cmsCategories.title,
  categoryTranslations: cmsCategories.translations,
  authorName: cmsAuthors.name,
  authorPicture: cmsAuthors.picture,
};

export type ArticleJoined = {
  article: ArticleRow;
  categorySlug: string | null;
  categoryTitle: string | null;
  categoryTranslations: ContentTranslations<'title' | 'description'> | null;
  authorName: string | null;
  authorPicture: string | null;
};

export class CmsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  listFaqs(category?: string) {
    return this.db
      .select({
        id: faqs.id,
        slug: faqs.slug,
        question: faqs.question,
        answer: faqs.answer,
        category: faqs.category,
        position: faqs.position,
        translations: faqs.translations,
      })
      .from(faqs)
      .where(category ? eq(faqs.category, category) : undefined)
      .orderBy(asc(faqs.position), asc(faqs.slug));
  }

  async isStaff(userId: string): Promise<boolean> {
    const rows = await this.db.select({ userId: cmsStaff.userId }).from(cmsStaff).where(eq(cmsStaff.userId, userId)).limit(1);
    return rows.length > 0;
  }

  async grantStaff(userId: string): Promise<void> {
    await this.db.insert(cmsStaff).values({ userId }).onConflictDoNothing();
  }

  async revokeStaff(userId: string): Promise<void> {
    await this.db.delete(cmsStaff).where(eq(cmsStaff.userId, userId));
  }

  private joined() {
    return this.db
      .select(articleColumns)
      .from(cmsArticles)
      .leftJoin(cmsCategories, eq(cmsCategories.id, cmsArticles.categoryId))
      .leftJoin(cmsAuthors, eq(cmsAuthors.id, cmsArticles.authorId));
  }

  listArticles(f: ArticleFilter): Promise<ArticleJoined[]> {
    const where: SQL[] = [];
    if (f.kind) where.push(eq(cmsArticles.kind, f.kind));
    if (!f.includeDrafts) where.push(eq(cmsArticles.status, 'published'));
    if (f.category) where.push(eq(cmsCategories.slug, f.category));
    if (f.tag) where.push(sql`${cmsArticles.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
    if (f.q) {
      const like = `%${escapeLike(f.q)}%`;
      where.push(or(ilike(cmsArticles.title, like), ilike(cmsArticles.description, like), ilike(cmsArticles.body, like))!);
    }
    return this.joined()
      .where(and(...where))
      .orderBy(sql`${cmsArticles.publishedAt} desc nulls first`, desc(cmsArticles.createdAt));
  }

  async findArticle(by: { id: string } | { slug: string }): Promise<ArticleJoined | null> {
    const cond = 'id' in by ? eq(cmsArticles.id, by.id) : eq(cmsArticles.slug, by.slug);
    const rows = await this.joined().where(cond).limit(1);
    return rows[0] ?? null;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db.select({ id: cmsArticles.id }).from(cmsArticles).where(eq(cmsArticles.slug, slug)).limit(1);
    return rows.length > 0 && rows[0]!.id !== exceptId;
  }

  async insertArticle(row: NewArticle): Promise<void> {
    await this.db.insert(cmsArticles).values(row);
  }

  /** Seeding: a file whose slug already exists is left alone, so staff edits survive restarts. */
  async insertArticleIfAbsent(row: NewArticle): Promise<boolean> {
    const r = await this.db.insert(cmsArticles).values(row).onConflictDoNothing({ target: cmsArticles.slug }).returning({ id: cmsArticles.id });
    return r.length > 0;
  }

  async updateArticle(id: string, patch: Partial<NewArticle>): Promise<boolean> {
    const r = await this.db
      .update(cmsArticles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(cmsArticles.id, id))
      .returning({ id: cmsArticles.id });
    return r.length > 0;
  }

  async setStatus(id: string, status: 'draft' | 'published'): Promise<boolean> {
    const r = await this.db
      .update(cmsArticles)
      .set(
        status === 'published'
          ? // The first publication date is kept, so unpublishing and republishing does not make an article "new".
            { status, publishedAt: sql`coalesce(${cmsArticles.publishedAt}, now())` }
          : { status },
      )
      .where(eq(cmsArticles.id, id))
      .returning({ id: cmsArticles.id });
    return r.length > 0;
  }

  async existsAuthor(id: string) {
    return (await this.db.select({ id: cmsAuthors.id }).from(cmsAuthors).where(eq(cmsAuthors.id, id)).limit(1)).length > 0;
  }

  async existsCategory(id: string) {
    return (await this.db.select({ id: cmsCategories.id }).from(cmsCategories).where(eq(cmsCategories.id, id)).limit(1)).length > 0;
  }

  listAuthors() {
    return this.db
      .select({ id: cmsAuthors.id, slug: cmsAuthors.slug, name: cmsAuthors.name, bio: cmsAuthors.bio, picture: cmsAuthors.picture })
      .from(cmsAuthors)
      .orderBy(asc(cmsAuthors.name));
  }

  async findAuthor(idOrSlug: string) {
    const isUuid = /^[0-9a-f-]{36}$/i.test(idOrSlug);
    const rows = await this.db
      .select({ id: cmsAuthors.id, slug: cmsAuthors.slug, name: cmsAuthors.name, bio: cmsAuthors.bio, picture: cmsAuthors.picture })
      .from(cmsAuthors)
      .where(isUuid ? eq(cmsAuthors.id, idOrSlug) : eq(cmsAuthors.slug, idOrSlug))
      .limit(1);
    return rows[0] ?? null;
  }

  listCategories() {
    return this.db.select().from(cmsCategories).orderBy(asc(cmsCategories.index), asc(cmsCategories.title));
  }

  listGlossary() {
    return this.db
      .select({ id: cmsGlossary.id, slug: cmsGlossary.slug, term: cmsGlossary.term, definition: cmsGlossary.definition, translations: cmsGlossary.translations })
      .from(cmsGlossary)
      .orderBy(asc(sql`lower(${cmsGlossary.term})`));
  }

  listVideos() {
    return this.db.select().from(cmsVideos).orderBy(asc(cmsVideos.position), asc(cmsVideos.slug));
  }

  listResourceCategories() {
    return this.db.select().from(cmsResourceCategories).orderBy(asc(cmsResourceCategories.position), asc(cmsResourceCategories.id));
  }

  /** Published guides with their category, for the guides menu. */
  guidesMenuRows() {
    return this.db
      .select({ slug: cmsArticles.slug, title: cmsArticles.title, translations: cmsArticles.translations, categorySlug: cmsCategories.slug, categoryTitle: cmsCategories.title, categoryTranslations: cmsCategories.translations, categoryIndex: cmsCategories.index })
      .from(cmsArticles)
      .leftJoin(cmsCategories, eq(cmsCategories.id, cmsArticles.categoryId))
      .where(and(eq(cmsArticles.kind, 'guide'), eq(cmsArticles.status, 'published'), isNotNull(cmsArticles.publishedAt)))
      .orderBy(sql`${cmsCategories.index} asc nulls last`, asc(cmsArticles.title));
  }

  // Seeding (db/seed-data/resources.ts): every insert leaves existing slugs alone.
  upsertSeed = {
    author: (row: typeof cmsAuthors.$inferInsert) => this.db.insert(cmsAuthors).values(row).onConflictDoNothing({ target: cmsAuthors.slug }),
    category: (row: typeof cmsCategories.$inferInsert) => this.db.insert(cmsCategories).values(row).onConflictDoNothing({ target: cmsCategories.slug }),
    glossary: (rows: (typeof cmsGlossary.$inferInsert)[]) =>
      rows.length ? this.db.insert(cmsGlossary).values(rows).onConflictDoNothing({ target: cmsGlossary.slug }) : Promise.resolve(),
    videos: (rows: (typeof cmsVideos.$inferInsert)[]) =>
      rows.length ? this.db.insert(cmsVideos).values(rows).onConflictDoNothing({ target: cmsVideos.slug }) : Promise.resolve(),
    resourceCategories: (rows: (typeof cmsResourceCategories.$inferInsert)[]) =>
      rows.length
        ? this.db.insert(cmsResourceCategories).values(rows).onConflictDoNothing({ target: cmsResourceCategories.slug })
        : Promise.resolve(),
    faqs: (rows: (typeof faqs.$inferInsert)[]) => (rows.length ? this.db.insert(faqs).values(rows).onConflictDoNothing({ target: faqs.slug }) : Promise.resolve()),
    /**
     * Adds a row's version in one language where it has none yet (issue 17): a translation staff or an
     * earlier seed put there is never overwritten.
     */
    translation: async (table: 'faqs' | 'glossary' | 'videos' | 'articles' | 'categories', slug: string, lng: string, texts: Record<string, string | number>) => {
      const t = { faqs, glossary: cmsGlossary, videos: cmsVideos, articles: cmsArticles, categories: cmsCategories }[table];
      await this.db
        .update(t)
        .set({ translations: sql`${t.translations} || jsonb_build_object(${lng}::text, ${JSON.stringify(texts)}::jsonb)` })
        .where(and(eq(t.slug, slug), sql`not (${t.translations} ? ${lng})`));
    },
  };

  async authorIdsBySlug(): Promise<Map<string, string>> {
    const rows = await this.db.select({ id: cmsAuthors.id, slug: cmsAuthors.slug }).from(cmsAuthors);
    return new Map(rows.map((r) => [r.slug, r.id]));
  }

  async categoryIdsBySlug(): Promise<Map<string, string>> {
    const rows = await this.db.select({ id: cmsCategories.id, slug: cmsCategories.slug }).from(cmsCategories);
    return new Map(rows.map((r) => [r.slug, r.id]));
  }
}
