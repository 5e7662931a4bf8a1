import path from 'node:path';
import { AppError } from '@atrium/shared';

/** One picture's words from the export's metadata file, keyed by the image's file name. */
export interface ArtworkText {
  file: string;
  title: string;
  description: string;
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const FILE_KEYS = ['file', 'filename', 'image', 'imagefile', 'path', 'src'];
const TITLE_KEYS = ['title', 'name'];
const DESCRIPTION_KEYS = ['description', 'desc', 'caption', 'text'];

// NUL and other control characters (tabs and newlines kept) never reach a stored title.
// eslint-disable-next-line no-control-regex
const clean = (s: unknown) => (typeof s === 'string' || typeof s === 'number' ? String(s) : '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

function pick(row: Record<string, unknown>, keys: string[]): unknown {
  for (const [k, v] of Object.entries(row)) if (keys.includes(k.toLowerCase().replace(/[\s_-]/g, ''))) return v;
  return undefined;
}

function toTexts(rows: Record<string, unknown>[]): ArtworkText[] {
  const out: ArtworkText[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const file = clean(pick(row, FILE_KEYS));
    if (!file) continue;
    out.push({ file, title: clean(pick(row, TITLE_KEYS)), description: clean(pick(row, DESCRIPTION_KEYS)) });
  }
  return out;
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  // Spreadsheets in comma-decimal locales save with semicolons; the header line tells which.
  const head = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  const sep = (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim()));
}

/**
 * Reads the export's titles and descriptions: a JSON list (or `{ items | artworks | images: [...] }`)
 * of objects naming the image file, or a CSV whose header names the columns.
 */
export function parseMetadata(name: string, bytes: Buffer): ArtworkText[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (path.extname(name).toLowerCase() === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw invalid(`The metadata file ${name} is not valid JSON`);
    }
    const list = Array.isArray(data)
      ? data
      : data && typeof data === 'object'
        ? ((data as Record<string, unknown>).items ?? (data as Record<string, unknown>).artworks ?? (data as Record<string, unknown>).images)
        : undefined;
    if (!Array.isArray(list)) throw invalid(`The metadata file ${name} should hold a list of artworks`);
    return toTexts(list as Record<string, unknown>[]);
  }
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return toTexts(rows.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i] ?? '']))));
}

/** Keys an image by its base name, case-blind, so `images/Rose.JPG` matches `rose.jpg` in the metadata. */
export const imageKey = (name: string) => path.posix.basename(name.replace(/\\/g, '/')).toLowerCase();
