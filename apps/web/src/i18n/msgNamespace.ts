import type { MessageTemplate } from '@atrium/shared/i18n/languages';

// The `msg` i18next namespace: English generated from @atrium/shared `msg`, other languages from their
// catalogue (see msg.ts for how components read it). Imports no catalogue itself: the boot chunk uses it
// for the few shell messages (shellMsg.ts), and the full English comes with msg.ts.

export type Tree = { readonly [k: string]: string | ((...a: never[]) => string) | Tree };

/** The English namespace: the shared strings as they are. Function messages stay functions (below). */
export function stringsOf(node: Tree): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'object') out[k] = stringsOf(v);
  }
  return out;
}

/** A catalogue as i18next wants it: `{ one, other }` plural templates become `key_one` / `key_other`. */
export function toNamespace(node: { readonly [k: string]: MessageTemplate | object }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === 'string') out[k] = v;
    else if ('one' in v && 'other' in v && typeof v.one === 'string') {
      out[`${k}_one`] = v.one;
      out[`${k}_other`] = (v as { other: string }).other;
    } else out[k] = toNamespace(v as { readonly [k: string]: MessageTemplate | object });
  }
  return out;
}
