import { z } from 'zod';
import { msg } from './messages.ts';

// Rules every piece of untrusted input obeys before any schema sees it: PostgreSQL cannot store the
// NUL character in text or jsonb (it answered 500), and schema parsing recurses per nesting level
// (a 20k-deep document overflowed the stack). One walker checks both, without recursing itself.

/** Deepest nesting a request body, query or scene document may have; a scene needs about ten levels. */
export const MAX_INPUT_DEPTH = 64;

export const INPUT_MESSAGES = {
  nul: 'Must not contain the NUL character',
  tooDeep: `Nested more than ${MAX_INPUT_DEPTH} levels deep`,
} as const;

export interface InputProblem {
  kind: 'nul' | 'depth';
  /** Dotted path of the offending value ('' for the root), as field errors name fields. */
  path: string;
}

export const containsNul = (s: string): boolean => s.includes('\u0000');
export const withoutNul = (s: string): string => s.replaceAll('\u0000', '');

/** The first NUL (in a string or a key) or over-deep nesting in a JSON-like value, or null when clean. */
export function findInputProblem(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (containsNul(v)) return { kind: 'nul', path };
      continue;
    }
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) continue;
    if (depth >= maxDepth) return { kind: 'depth', path };
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (containsNul(key)) return { kind: 'nul', path: at };
      stack.push({ v: item, depth: depth + 1, path: at });
    }
  }
  return null;
}

/**
 * Nesting depth of JSON text, counted on the text itself (brackets outside strings), so an over-deep
 * body is refused before it is parsed into objects at all.
 */
export function jsonTextDepthExceeds(text: string, maxDepth: number = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A URL a person can follow out of a space: absolute http(s) only, never javascript:, data: and the like. */
export const webUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, msg.user.invalidUrl);
