// Documents stored before links were restricted to http(s) may hold `javascript:` and the like.
// Writes refuse them; reads drop them so such a space still opens, minus the unsafe link.
import { webUrl } from '../input.ts';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const unsafe = (v: unknown) => typeof v === 'string' && !webUrl.safeParse(v).success;

/** Optional link fields lose an unsafe value; items whose `url` is their content are removed. */
const OPTIONAL_LINKS = ['link', 'hyperlink'] as const;

/** A copy of `doc` without unsafe link values, and how many it dropped. */
export function withoutUnsafeLinks(doc: unknown): { doc: unknown; dropped: number } {
  let dropped = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      const kept = v.filter((e) => !(isObj(e) && 'url' in e && 'id' in e && unsafe(e.url) && ++dropped));
      return kept.map(walk);
    }
    if (!isObj(v)) return v;
    const out: Json = {};
    for (const [k, child] of Object.entries(v)) {
      if ((OPTIONAL_LINKS as readonly string[]).includes(k) && unsafe(child)) {
        dropped++;
        continue;
      }
      out[k] = walk(child);
    }
    return out;
  };
  return { doc: walk(doc), dropped };
}
