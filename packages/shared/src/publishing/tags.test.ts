import { describe, expect, it } from 'vitest';
import { msg } from '../messages.ts';
import { tagListError, typeTagInput } from './tags.ts';

describe('typeTagInput', () => {
  it('adds a tag when ; or , ends text of 2+ characters', () => {
    expect(typeTagInput('art;', [])).toEqual({ tags: ['art'], input: '', error: null });
    expect(typeTagInput(' museum ,', ['art'])).toEqual({ tags: ['art', 'museum'], input: '', error: null });
  });
  it('waits without a separator', () => expect(typeTagInput('ar', [])).toEqual({ tags: [], input: 'ar', error: null }));
  it('refuses short tags, duplicates (any case) and an 11th tag', () => {
    expect(typeTagInput('a,', []).error).toBe(msg.minChars(2));
    expect(typeTagInput('ART;', ['art'])).toEqual({ tags: ['art'], input: 'ART', error: msg.tagExists });
    const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
    expect(typeTagInput('more,', ten).error).toBe(msg.maxTags(10));
  });
});

describe('tagListError', () => {
  it('requires 3 to 10 distinct tags', () => {
    expect(tagListError([])).toBe(msg.fieldRequired);
    expect(tagListError(['aa', 'bb'])).toBe(msg.minTags(3));
    expect(tagListError(['aa', 'bb', 'cc'])).toBeNull();
    expect(tagListError(['aa', 'bb', 'AA'])).toBe(msg.tagExists);
    expect(tagListError(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe(msg.maxTags(10));
  });
});
