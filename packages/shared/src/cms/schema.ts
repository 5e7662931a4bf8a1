import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';

export const faq = z.object({
  id: z.string(),
  slug: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  position: z.number().int(),
});
export type Faq = z.infer<typeof faq>;
/** The language a listed entry's texts are in: the one asked for, or English where it has no version in it. */
const servedIn = { language: z.enum(LANGUAGES) };
export const faqList = z.array(faq.extend(servedIn));
export const faqQuery = z.strictObject({ category: z.string().max(50).optional(), lang: z.enum(LANGUAGES).optional() });

// Resources (spec §1, §2 Articles, §3 Category and resource category, §7 Content management).

/** Blog posts, guides and the whitepaper share one article shape; the kind picks the listing. */
export const ARTICLE_KINDS = ['blog', 'guide', 'whitepaper'] as const;
export const articleKind = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof articleKind>;
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export const articleStatus = z.enum(ARTICLE_STATUSES);

export const CMS_LIMITS = {
  slug: 80,
  title: 200,
  description: 500,
  body: 200_000,
  tags: 10,
  tag: 40,
  search: 100,
  url: 2000,
} as const;

/** Words per minute behind an article's reading time. */
export const READING_WORDS_PER_MINUTE = 200;

export const cmsSlug = z
  .string()
  .min(1)
  .max(CMS_LIMITS.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

export const author = z.object({ id: z.string(), slug: z.string(), name: z.string(), bio: z.string(), picture: z.string().nullable() });
export type Author = z.infer<typeof author>;
export const authorList = z.array(author);

export const category = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  index: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);

export const articleHeading = z.object({ id: z.string(), text: z.string(), level: z.number().int() });
export type ArticleHeading = z.infer<typeof articleHeading>;

export const articleCard = z.object({
  id: z.string(),
  slug: z.string(),
  kind: articleKind,
  status: articleStatus,
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  category: z.object({ slug: z.string(), title: z.string() }).nullable(),
  author: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }).nullable(),
  tags: z.array(z.string()),
  readingMinutes: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleCard = z.infer<typeof articleCard>;
export const articleCardList = z.array(articleCard);

export const article = articleCard.extend({
  banner: z.string().nullable(),
  bodyHtml: z.string(),
  headings: z.array(articleHeading),
});
export type Article = z.infer<typeof article>;

/** What the staff editor loads: the article plus its Markdown source and the ids it refers to. */
export const articleSource = article.extend({
  body: z.string(),
  authorId: z.string().nullable(),
  categoryId: z.string().nullable(),
});
export type ArticleSource = z.infer<typeof articleSource>;

const optionalUrl = z
  .string()
  .max(CMS_LIMITS.url)
  .refine((v) => v.startsWith('/') || /^https:\/\//.test(v), 'Use an https:// or site-relative address')
  .nullable();

export const articleInput = z.strictObject({
  slug: cmsSlug,
  kind: articleKind,
  title: z.string().trim().min(1).max(CMS_LIMITS.title),
  description: z.string().trim().max(CMS_LIMITS.description).default(''),
  body: z.string().max(CMS_LIMITS.body),
  banner: optionalUrl.default(null),
  thumbnail: optionalUrl.default(null),
  authorId: z.uuid().nullable().default(null),
  categoryId: z.uuid().nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(CMS_LIMITS.tag)).max(CMS_LIMITS.tags).default([]),
});
export type ArticleInput = z.input<typeof articleInput>;

export const articleQuery = z.strictObject({
  kind: articleKind.optional(),
  category: z.string().max(CMS_LIMITS.slug).optional(),
  tag: z.string().max(CMS_LIMITS.tag).optional(),
  q: z.string().max(CMS_LIMITS.search).optional(),
  /** Staff only: include drafts. */
  drafts: z.enum(['true', 'false']).optional(),
  /** The language to read titles and descriptions in (English where an article has no version in it). */
  lang: z.enum(LANGUAGES).optional(),
});
export const articleParams = z.strictObject({ id: z.string().min(1).max(CMS_LIMITS.slug) });
export const articleIdParams = z.strictObject({ id: z.uuid() });

export const previewInput = z.strictObject({ body: z.string().max(CMS_LIMITS.body) });
export const preview = z.object({ bodyHtml: z.string(), headings: z.array(articleHeading), readingMinutes: z.number().int() });

export const glossaryEntry = z.object({ id: z.string(), slug: z.string(), term: z.string(), definition: z.string() });
export type GlossaryEntry = z.infer<typeof glossaryEntry>;
export const glossaryList = z.array(glossaryEntry.extend(servedIn));

export const videoTutorial = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Always a youtube-nocookie embed address built from a validated video id. */
  embedUrl: z.string(),
});
export type VideoTutorial = z.infer<typeof videoTutorial>;
export const videoTutorialList = z.array(videoTutorial.extend(servedIn));

export const resourceCategory = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  icon: z.string(),
  externalUrl: z.string().nullable(),
});
export type ResourceCategory = z.infer<typeof resourceCategory>;
export const resourceCategoryList = z.array(resourceCategory);

/** The guides sidebar: guides grouped by category, in category order. */
export const guidesMenu = z.array(
  z.object({ category: z.object({ slug: z.string(), title: z.string() }).nullable(), guides: z.array(z.object({ slug: z.string(), title: z.string() })) }),
);
export type GuidesMenu = z.infer<typeof guidesMenu>;

export const cmsMe = z.object({ staff: z.boolean() });
export const articleStatusInput = z.strictObject({ published: z.boolean() });
