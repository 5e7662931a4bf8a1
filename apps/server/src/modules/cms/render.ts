import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { READING_WORDS_PER_MINUTE, type ArticleHeading } from '@atrium/shared';

// Article bodies are Markdown written by staff. They are rendered and sanitised here, once, on write
// and for the editor's preview, so the web app only ever receives HTML this allow-list produced.

/** Embeds allowed in article bodies: YouTube's player, nothing else. */
const YOUTUBE_EMBED = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[\w-]{6,20}(\?[\w=&;-]*)?$/;
const HEADING_ID = /^[a-z0-9][a-z0-9-]*$/;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'h1'),
    'img',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
    h2: ['id'],
    h3: ['id'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'], iframe: ['https'] },
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com'],
  allowIframeRelativeUrls: false,
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : { ...attribs, rel: '', target: '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        loading: 'lazy',
        referrerpolicy: 'strict-origin-when-cross-origin',
        allow: 'accelerometer; encrypted-media; gyroscope; picture-in-picture',
        allowfullscreen: 'allowfullscreen',
      },
    }),
  },
  // A heading keeps an id only in the shape the renderer writes; an iframe only when it is a YouTube player.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !YOUTUBE_EMBED.test(frame.attribs.src ?? ''),
  nonBooleanAttributes: ['*'],
};

const keepHeadingId: sanitizeHtml.Transformer = (tagName, attribs) => {
  const id = attribs.id ?? '';
  const kept: sanitizeHtml.Attributes = HEADING_ID.test(id) ? { id } : {};
  return { tagName, attribs: kept };
};

export const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

function slugify(text: string): string {
  const s = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'section';
}

export interface Rendered {
  bodyHtml: string;
  headings: ArticleHeading[];
  readingMinutes: number;
}

/** Markdown (raw HTML inside it included) to sanitised HTML, with ids on h2/h3 for the table of contents. */
export function renderArticle(markdown: string): Rendered {
  const headings: ArticleHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        // Articles carry their title in the page header, so a body's top level is h2.
        const level = Math.min(Math.max(token.depth, 2), 6);
        if (level > 3) return `<h${level}>${inner}</h${level}>\n`;
        const text = plainText(inner).trim();
        const base = slugify(text);
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n + 1}`;
        headings.push({ id, text, level });
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
    },
  });
  const raw = marked.parse(markdown) as string;
  const bodyHtml = sanitizeHtml(raw, {
    ...SANITIZE,
    transformTags: {
      ...SANITIZE.transformTags,
      h2: keepHeadingId,
      h3: keepHeadingId,
    },
  });
  // Headings an author wrote as raw HTML that the sanitiser dropped must not appear in the contents.
  const kept = headings.filter((h) => bodyHtml.includes(`id="${h.id}"`));
  const words = plainText(bodyHtml).split(/\s+/).filter(Boolean).length;
  return { bodyHtml, headings: kept, readingMinutes: Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE)) };
}

/** A YouTube video id to the privacy-enhanced embed address; anything else is refused by the caller. */
export const YOUTUBE_ID = /^[\w-]{6,20}$/;
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
