import { i18n } from '../../i18n/index.ts';

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

/** An update counts as one when it came at least a day after publication (seeding and typo fixes the same day do not). */
export const wasUpdated = (publishedAt: string | null, updatedAt: string) =>
  !!publishedAt && new Date(updatedAt).getTime() - new Date(publishedAt).getTime() >= 24 * 3600 * 1000;

/** Splits sanitised article HTML before each h2, so every section renders on its own (spec §2 Articles). */
export const splitByHeadings = (html: string): string[] => html.split(/(?=<h2[\s>])/).filter((s) => s.trim());

export const KIND_PATH = { guide: 'guides', blog: 'blog', whitepaper: 'whitepaper' } as const;
export const articlePath = (a: { kind: keyof typeof KIND_PATH; slug: string }) =>
  a.kind === 'whitepaper' ? '/resources/whitepaper' : `/resources/${KIND_PATH[a.kind]}/${a.slug}`;
