import { describe, expect, it } from 'vitest';
import { metadataStep } from './saveFields.ts';

describe('metadataStep', () => {
  const saved = { title: 'Gallery', spaceTemplateId: 'loft' };
  it('creates the metadata of a space that has no id yet', () => {
    expect(metadataStep(null, saved, saved)).toBe('create');
  });
  it('sends nothing when title and template are what the server has', () => {
    expect(metadataStep('s1', saved, { ...saved })).toBe('none');
  });
  it('patches when the title or the template changed', () => {
    expect(metadataStep('s1', saved, { ...saved, title: 'Gallery 2' })).toBe('patch');
    expect(metadataStep('s1', saved, { ...saved, spaceTemplateId: null })).toBe('patch');
  });
});
