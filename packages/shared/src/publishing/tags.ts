import { PUBLISH_LIMITS } from '../constants.ts';
import { msg } from '../messages.ts';

// Spec §5 keyword rules: 3 to 10 tags, a tag is added when ';' or ',' ends the text and it has at
// least 2 characters, no duplicates (compared case-insensitively).

const SEPARATOR = /[;,]$/;

export const sameTag = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** First rule a single new tag breaks against the current list, or null. */
export function tagError(tag: string, tags: readonly string[]): string | null {
  const t = tag.trim();
  if (t.length < PUBLISH_LIMITS.tagMinChars) return msg.minChars(PUBLISH_LIMITS.tagMinChars);
  if (t.length > PUBLISH_LIMITS.tagMaxChars) return msg.maxChars(PUBLISH_LIMITS.tagMaxChars);
  if (tags.some((x) => sameTag(x, t))) return msg.tagExists;
  if (tags.length >= PUBLISH_LIMITS.tagsMax) return msg.maxTags(PUBLISH_LIMITS.tagsMax);
  return null;
}

export interface TagInputResult {
  tags: string[];
  /** What stays in the text box. */
  input: string;
  error: string | null;
}

/** Handles typing in the tags box: a trailing ';' or ',' tries to add the text before it. */
export function typeTagInput(input: string, tags: readonly string[]): TagInputResult {
  if (!SEPARATOR.test(input)) return { tags: [...tags], input, error: null };
  const tag = input.slice(0, -1).trim();
  const error = tagError(tag, tags);
  if (error) return { tags: [...tags], input: input.slice(0, -1), error };
  return { tags: [...tags, tag], input: '', error: null };
}

/** The whole list's rule for publishing: required, 3 to 10, each 2+ characters, no duplicates. */
export function tagListError(tags: readonly string[]): string | null {
  if (tags.length === 0) return msg.fieldRequired;
  if (tags.length < PUBLISH_LIMITS.tagsMin) return msg.minTags(PUBLISH_LIMITS.tagsMin);
  if (tags.length > PUBLISH_LIMITS.tagsMax) return msg.maxTags(PUBLISH_LIMITS.tagsMax);
  for (let i = 0; i < tags.length; i++) {
    const e = tagError(tags[i]!, tags.slice(0, i));
    if (e) return e;
  }
  return null;
}
