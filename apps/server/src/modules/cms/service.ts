import { newId } from '../../db/newId.ts';
import type { z } from 'zod';
import { AppError, type articleInput, type Article, type ArticleCard, type ArticleSource, type GuidesMenu } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { ArticleJoined, CmsRepo } from './repo.ts';
import { renderArticle, youtubeEmbedUrl, YOUTUBE_ID } from './render.ts';
import { localised } from './translations.ts';
import { DEFAULT_LANGUAGE, type Language } from '@atrium/shared/i18n/languages';

type ArticleInput = z.output<typeof articleInput>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * An article as read in `lng` (issue 17): its title, description and body from its version in that language
 * where it has one, else as written. Staff's source (getSource) is always the original.
 */
function inLanguage(j: ArticleJoined, lng: Language): ArticleJoined {
  if (lng === DEFAULT_LANGUAGE) return j;
  const t = j.article.translations[lng];
  const categoryTitle = j.categoryTranslations?.[lng]?.title || j.categoryTitle;
  const article = t ? { ...j.article, title: t.title, description: t.description, bodyHtml: t.bodyHtml, readingMinutes: t.readingMinutes } : j.article;
  return { ...j, article, categoryTitle };
}

function toCard(j: ArticleJoined): ArticleCard {
  const a = j.article;
  return {
    id: a.id,
    slug: a.slug,
    kind: a.kind as ArticleCard['kind'],
    status: a.status as ArticleCard['status'],
    title: a.title,
    description: a.description,
    thumbnail: a.thumbnail ?? a.banner,
    category: j.categorySlug && j.categoryTitle ? { slug: j.categorySlug, title: j.categoryTitle } : null,
    author: a.authorId && j.authorName ? { id: a.authorId, name: j.authorName, picture: j.authorPicture } : null,
    tags: a.tags,
    readingMinutes: a.readingMinutes,
    publishedAt: iso(a.publishedAt),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

function toArticle(j: ArticleJoined): Article {
  // Headings come from the stored, already sanitised HTML; re-rendering would cost a Markdown pass per read.
  const headings = [...j.article.bodyHtml.matchAll(/<h([23]) id="([a-z0-9-]+)">([\s\S]*?)<\/h\1>/g)].map((m) => ({
    id: m[2]!,
    level: Number(m[1]),
    text: m[3]!.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").trim(),
  }));
  return { ...toCard(j), banner: j.article.banner, bodyHtml: j.article.bodyHtml, headings };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Site content: everyone reads what is published; people with a staff grant (table cms_staff, set by the
 * operator's CLI) also read drafts and are the only ones who write. Every write checks that grant first.
 */
export class CmsService {
  private readonly repo: CmsRepo;
  constructor(repo: CmsRepo) {
    this.repo = repo;
  }

  async isStaff(actor: Actor | null): Promise<boolean> {
    return actor ? this.repo.isStaff(actor.userId) : false;
  }

  /** 401 when signed out, 403 for a signed-in person without the staff grant. */
  private async requireStaff(actor: Actor | null): Promise<Actor> {
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (!(await this.repo.isStaff(actor.userId))) throw new AppError('FORBIDDEN');
    return actor;
  }

  /** FAQs in `lng`, each falling back to English where it has no version in that language. */
  async listFaqs(lng: Language, category?: string) {
    return (await this.repo.listFaqs(category)).map((f) => localised(f, ['question', 'answer'], lng));
  }

  async listArticles(actor: Actor | null, q: { kind?: string; category?: string; tag?: string; q?: string; drafts?: 'true' | 'false' }, lng: Language = DEFAULT_LANGUAGE) {
    const includeDrafts = q.drafts === 'true';
    if (includeDrafts) await this.requireStaff(actor);
    const rows = await this.repo.listArticles({ kind: q.kind, category: q.category, tag: q.tag, q: q.q?.trim() || undefined, includeDrafts });
    return rows.map((r) => toCard(inLanguage(r, lng)));
  }

  /** By slug (what public URLs carry) or id. A draft is "not found" to anyone but staff, so its existence does not leak. */
  async getArticle(actor: Actor | null, idOrSlug: string, lng: Language = DEFAULT_LANGUAGE): Promise<Article> {
    const row = await this.repo.findArticle(UUID.test(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
    if (!row) throw new AppError('NOT_FOUND', 'Article not found');
    if (row.article.status !== 'published' && !(await this.isStaff(actor))) throw new AppError('NOT_FOUND', 'Article not found');
    return toArticle(inLanguage(row, lng));
  }

  async getSource(actor: Actor | null, id: string): Promise<ArticleSource> {
    await this.requireStaff(actor);
    const row = await this.repo.findArticle({ id });
    if (!row) throw new AppError('NOT_FOUND', 'Article not found');
    return { ...toArticle(row), body: row.article.body, authorId: row.article.authorId, categoryId: row.article.categoryId };
  }

  async preview(actor: Actor | null, body: string) {
    await this.requireStaff(actor);
    return renderArticle(body);
  }

  private async checkRefs(input: ArticleInput, exceptId?: string) {
    if (await this.repo.slugTaken(input.slug, exceptId)) throw new AppError('CONFLICT', 'Another article already uses this address');
    if (input.authorId && !(await this.repo.existsAuthor(input.authorId))) throw new AppError('VALIDATION_FAILED', 'Unknown author');
    if (input.categoryId && !(await this.repo.existsCategory(input.categoryId))) throw new AppError('VALIDATION_FAILED', 'Unknown category');
  }

  private fields(input: ArticleInput) {
    const r = renderArticle(input.body);
    return {
      slug: input.slug,
      kind: input.kind,
      title: input.title,
      description: input.description,
      body: input.body,
      bodyHtml: r.bodyHtml,
      readingMinutes: r.readingMinutes,
      banner: input.banner,
      thumbnail: input.thumbnail,
      authorId: input.authorId,
      categoryId: input.categoryId,
      tags: [...new Set(input.tags)],
    };
  }

  /** New articles start as drafts; publishing is its own step. */
  async create(actor: Actor | null, input: ArticleInput): Promise<ArticleSource> {
    await this.requireStaff(actor);
    await this.checkRefs(input);
    const id = newId();
    await this.repo.insertArticle({ id, status: 'draft', ...this.fields(input) });
    return this.getSource(actor, id);
  }

  async update(actor: Actor | null, id: string, input: ArticleInput): Promise<ArticleSource> {
    await this.requireStaff(actor);
    if (!(await this.repo.findArticle({ id }))) throw new AppError('NOT_FOUND', 'Article not found');
    await this.checkRefs(input, id);
    await this.repo.updateArticle(id, this.fields(input));
    return this.getSource(actor, id);
  }

  async setPublished(actor: Actor | null, id: string, published: boolean): Promise<ArticleSource> {
    await this.requireStaff(actor);
    if (!(await this.repo.setStatus(id, published ? 'published' : 'draft'))) throw new AppError('NOT_FOUND', 'Article not found');
    return this.getSource(actor, id);
  }

  async listCategories(lng: Language = DEFAULT_LANGUAGE) {
    return (await this.repo.listCategories()).map((c) => {
      const t = lng === DEFAULT_LANGUAGE ? undefined : c.translations[lng];
      return {
        id: c.id,
        slug: c.slug,
        title: t?.title || c.title,
        description: t?.description || c.description,
        index: c.index,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      };
    });
  }

  listAuthors() {
    return this.repo.listAuthors();
  }

  async getAuthor(idOrSlug: string) {
    const a = await this.repo.findAuthor(idOrSlug);
    if (!a) throw new AppError('NOT_FOUND', 'Author not found');
    return a;
  }

  /** The glossary in `lng` (English where an entry has no version in it), in that language's alphabetical order. */
  async listGlossary(lng: Language) {
    return (await this.repo.listGlossary())
      .map((g) => localised(g, ['term', 'definition'], lng))
      .sort((a, b) => a.term.localeCompare(b.term, lng, { sensitivity: 'base' }));
  }

  async listVideos(lng: Language) {
    return (await this.repo.listVideos())
      .filter((v) => YOUTUBE_ID.test(v.youtubeId))
      .map((v) => {
        const l = localised({ title: v.title, description: v.description, translations: v.translations }, ['title', 'description'], lng);
        return { id: v.id, slug: v.slug, title: l.title, description: l.description, language: l.language, embedUrl: youtubeEmbedUrl(v.youtubeId) };
      });
  }

  async listResourceCategories() {
    return (await this.repo.listResourceCategories()).map((c) => ({ id: c.id, slug: c.slug, title: c.title, icon: c.icon, externalUrl: c.externalUrl }));
  }

  async guidesMenu(lng: Language = DEFAULT_LANGUAGE): Promise<GuidesMenu> {
    const groups: GuidesMenu = [];
    for (const r of await this.repo.guidesMenuRows()) {
      const key = r.categorySlug ?? null;
      let g = groups.find((x) => (x.category?.slug ?? null) === key);
      const categoryTitle = (lng !== DEFAULT_LANGUAGE && r.categoryTranslations?.[lng]?.title) || r.categoryTitle;
      if (!g) groups.push((g = { category: r.categorySlug && categoryTitle ? { slug: r.categorySlug, title: categoryTitle } : null, guides: [] }));
      g.guides.push({ slug: r.slug, title: (lng !== DEFAULT_LANGUAGE && r.translations[lng]?.title) || r.title });
    }
    return groups;
  }
}
