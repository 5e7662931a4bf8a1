import { z } from 'zod';
import { youtubeId } from '../assets/schema.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { msg } from '../messages.ts';
import { cmsSlug } from './schema.ts';

// Staff edits of the short Resources content (spec §7 faqs, glossary; video tutorials): FAQs, glossary
// entries and video tutorials. Articles have their own input (articleInput).

export const CMS_CONTENT_LIMITS = { question: 300, answer: 5000, term: 100, definition: 2000, videoTitle: 200, videoDescription: 1000, position: 10_000 } as const;

const position = z.number().int().min(0).max(CMS_CONTENT_LIMITS.position).default(0);

export const faqInput = z.strictObject({
  slug: cmsSlug,
  question: z.string().trim().min(1).max(CMS_CONTENT_LIMITS.question),
  answer: z.string().trim().min(1).max(CMS_CONTENT_LIMITS.answer),
  category: cmsSlug.default('general'),
  position,
});
export type FaqInput = z.input<typeof faqInput>;

export const glossaryInput = z.strictObject({
  slug: cmsSlug,
  term: z.string().trim().min(1).max(CMS_CONTENT_LIMITS.term),
  definition: z.string().trim().min(1).max(CMS_CONTENT_LIMITS.definition),
});
export type GlossaryInput = z.input<typeof glossaryInput>;

/** A YouTube watch, share or embed address (or a bare 11-character id); only the id is kept. */
export const videoTutorialInput = z.strictObject({
  slug: cmsSlug,
  title: z.string().trim().min(1).max(CMS_CONTENT_LIMITS.videoTitle),
  description: z.string().trim().max(CMS_CONTENT_LIMITS.videoDescription).default(''),
  youtube: z
    .string()
    .max(300)
    .refine((v) => youtubeId(v) !== null, msg.asset.youtubeInvalid),
  position,
});
export type VideoTutorialInput = z.input<typeof videoTutorialInput>;

export const cmsContentIdParams = z.strictObject({ id: z.uuid() });

/**
 * Other-language versions of a content row's texts (issue 17), keyed by language: `{ fr: { question, answer } }`.
 * A language or field missing here reads as the row's English.
 */
export type ContentTranslations<F extends string> = { readonly [lng: string]: { readonly [K in F]?: string } | undefined };

/** An article's other-language versions: its title, description and rendered body (from `<slug>.<lng>.md`). */
export type ArticleTranslations = {
  readonly [lng: string]: { readonly title: string; readonly description: string; readonly bodyHtml: string; readonly readingMinutes: number } | undefined;
};

/** `?lang=` of the content listings: the language to serve (else the request's cookie / Accept-Language). */
export const contentLanguageQuery = z.strictObject({ lang: z.enum(LANGUAGES).optional() });
