import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../newId.ts';
import YAML from 'yaml';
import { z } from 'zod';
import { ARTICLE_KINDS, articleKind, cmsSlug } from '@atrium/shared';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@atrium/shared/i18n/languages';
import type { Db } from '../client.ts';
import { CmsRepo } from '../../modules/cms/repo.ts';
import { renderArticle } from '../../modules/cms/render.ts';

// The Resources content shipped with the product lives as Markdown in content/resources/ at the repository
// root: one file per article (front matter + body), faqs.md and glossary.md as "## heading" sections, and
// meta.yaml for authors, categories, the sidebar and video tutorials. Other languages (issue 17) sit beside
// the English: faqs.fr.md and glossary.fr.md carry the same `{#slug}` as the English entry they translate,
// a video its `translations: { fr: { title, description } }` in meta.yaml.

export const RESOURCES_DIR = path.resolve(import.meta.dirname, '../../../../../content/resources');

const KIND_DIRS: Record<(typeof ARTICLE_KINDS)[number], string> = { blog: 'blog', guide: 'guides', whitepaper: 'whitepaper' };

const meta = z.strictObject({
  authors: z.array(z.strictObject({ slug: cmsSlug, name: z.string(), bio: z.string().default(''), picture: z.string().nullable().default(null) })),
  categories: z.array(
    z.strictObject({
      slug: cmsSlug,
      title: z.string(),
      description: z.string().default(''),
      translations: z.partialRecord(z.enum(LANGUAGES), z.strictObject({ title: z.string().min(1), description: z.string().default('') })).default({}),
    }),
  ),
  resourceCategories: z.array(z.strictObject({ slug: cmsSlug, title: z.string(), icon: z.string(), externalUrl: z.string().url().nullable().default(null) })),
  videos: z
    .array(
      z.strictObject({
        slug: cmsSlug,
        title: z.string(),
        description: z.string().default(''),
        youtubeId: z.string().regex(/^[\w-]{6,20}$/),
        translations: z.partialRecord(z.enum(LANGUAGES), z.strictObject({ title: z.string().min(1), description: z.string().default('') })).default({}),
      }),
    )
    .default([]),
});

const frontMatter = z.strictObject({
  title: z.string().min(1),
  description: z.string().default(''),
  author: cmsSlug.optional(),
  category: cmsSlug.optional(),
  tags: z.array(z.string()).default([]),
  date: z.coerce.date(),
  updated: z.coerce.date().optional(),
  banner: z.string().optional(),
  thumbnail: z.string().optional(),
  draft: z.boolean().default(false),
});

/** A translated article's front matter: only its words; dates, author, tags and pictures are the original's. */
const translatedFrontMatter = z.strictObject({ title: z.string().min(1), description: z.string().default('') });

export function splitFrontMatter(text: string): { data: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return { data: {}, body: text };
  return { data: YAML.parse(m[1]!), body: m[2]! };
}

/** "## Heading" sections of a Markdown file: FAQs (question, answer) and glossary (term, definition). */
export function sections(text: string): { title: string; body: string }[] {
  return text
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const nl = chunk.indexOf('\n');
      return { title: chunk.slice(0, nl).trim(), body: chunk.slice(nl + 1).trim() };
    })
    .filter((s) => s.title && s.body);
}

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') || f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Changes to any content file give a new seed step name, so a deployment picks up newly added files. */
export function contentHash(dir = RESOURCES_DIR): string {
  const h = crypto.createHash('sha256');
  for (const f of files(dir)) h.update(path.relative(dir, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 12);
}

/** The FAQ list of faqs.md in file order: "## Question {#slug category}" keeps a stable slug and a category beside the question. */
export function loadFaqs(dir = RESOURCES_DIR, file = 'faqs.md') {
  const { data, body } = splitFrontMatter(fs.readFileSync(path.join(dir, file), 'utf8'));
  const fallback = z.object({ category: z.string().default('general') }).parse(data).category;
  return sections(body).map((s, position) => {
    const tag = /\s*\{#([a-z0-9-]+)(?:\s+([a-z]+))?\}\s*$/.exec(s.title);
    const question = tag ? s.title.slice(0, tag.index) : s.title;
    return { slug: tag?.[1] ?? slugOf(question), question, answer: s.body, category: tag?.[2] ?? fallback, position };
  });
}

/** Glossary entries of a "## Term" file; "## Terme {#slug}" names the English entry a translation belongs to. */
export function loadGlossary(file: string) {
  const { body } = splitFrontMatter(fs.readFileSync(file, 'utf8'));
  return sections(body).map((s) => {
    const tag = /\s*\{#([a-z0-9-]+)\}\s*$/.exec(s.title);
    const term = tag ? s.title.slice(0, tag.index) : s.title;
    return { slug: tag?.[1] ?? slugOf(term), term, definition: s.body };
  });
}

/** Inserts what is not there yet (by slug); rows staff have edited are never overwritten. */
export async function seedResources(db: Db, dir = RESOURCES_DIR): Promise<void> {
  const repo = new CmsRepo(db);
  const m = meta.parse(YAML.parse(fs.readFileSync(path.join(dir, 'meta.yaml'), 'utf8')));
  for (const a of m.authors) await repo.upsertSeed.author({ id: newId(), ...a });
  for (const [index, c] of m.categories.entries()) await repo.upsertSeed.category({ id: newId(), index, ...c });
  await repo.upsertSeed.resourceCategories(m.resourceCategories.map((c, position) => ({ id: newId(), position, ...c })));
  await repo.upsertSeed.videos(m.videos.map((v, position) => ({ id: newId(), position, ...v })));

  await repo.upsertSeed.faqs(loadFaqs(dir).map((f) => ({ id: newId(), ...f })));
  const glossaryFile = path.join(dir, 'glossary.md');
  if (fs.existsSync(glossaryFile)) await repo.upsertSeed.glossary(loadGlossary(glossaryFile).map((g) => ({ id: newId(), ...g })));

  // Other-language versions: added where a row has none in that language yet (staff edits stay).
  for (const lng of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    if (fs.existsSync(path.join(dir, `faqs.${lng}.md`)))
      for (const f of loadFaqs(dir, `faqs.${lng}.md`)) await repo.upsertSeed.translation('faqs', f.slug, lng, { question: f.question, answer: f.answer });
    const translatedGlossary = path.join(dir, `glossary.${lng}.md`);
    if (fs.existsSync(translatedGlossary))
      for (const g of loadGlossary(translatedGlossary)) await repo.upsertSeed.translation('glossary', g.slug, lng, { term: g.term, definition: g.definition });
    for (const v of m.videos) {
      const t = v.translations[lng];
      if (t) await repo.upsertSeed.translation('videos', v.slug, lng, t);
    }
    for (const c of m.categories) {
      const t = c.translations[lng];
      if (t) await repo.upsertSeed.translation('categories', c.slug, lng, t);
    }
  }

  const authors = await repo.authorIdsBySlug();
  const translatedArticle = /\.([a-z]{2})\.md$/;
  const categories = await repo.categoryIdsBySlug();
  for (const kind of ARTICLE_KINDS) {
    const all = files(path.join(dir, KIND_DIRS[kind])).filter((f) => f.endsWith('.md'));
    // `<slug>.<lng>.md` is that article in another language (issue 17), not an article of its own.
    for (const file of all.filter((f) => !translatedArticle.test(f))) {
      const { data, body } = splitFrontMatter(fs.readFileSync(file, 'utf8'));
      const fm = frontMatter.parse(data);
      const slug = cmsSlug.parse(path.basename(file, '.md'));
      const rendered = renderArticle(body);
      await repo.insertArticleIfAbsent({
        id: newId(),
        slug,
        kind: articleKind.parse(kind),
        title: fm.title,
        description: fm.description,
        body,
        bodyHtml: rendered.bodyHtml,
        readingMinutes: rendered.readingMinutes,
        banner: fm.banner ?? null,
        thumbnail: fm.thumbnail ?? null,
        authorId: (fm.author && authors.get(fm.author)) ?? null,
        categoryId: (fm.category && categories.get(fm.category)) ?? null,
        tags: fm.tags,
        status: fm.draft ? 'draft' : 'published',
        publishedAt: fm.draft ? null : fm.date,
        createdAt: fm.date,
        updatedAt: fm.updated ?? fm.date,
      });
    }
    for (const file of all) {
      const lng = translatedArticle.exec(file)?.[1];
      if (!lng || lng === DEFAULT_LANGUAGE || !(LANGUAGES as readonly string[]).includes(lng)) continue;
      const slug = cmsSlug.parse(path.basename(file, `.${lng}.md`));
      const { data, body } = splitFrontMatter(fs.readFileSync(file, 'utf8'));
      const fm = translatedFrontMatter.parse(data);
      const rendered = renderArticle(body);
      await repo.upsertSeed.translation('articles', slug, lng, { title: fm.title, description: fm.description, bodyHtml: rendered.bodyHtml, readingMinutes: rendered.readingMinutes });
    }
  }
}
