import { describe, expect, it } from 'vitest';
import { SceneDocumentValidationError, SceneDocumentVersionError, migrateSceneDocument, readEmbedFlags } from '@atrium/shared';
import { ApiError } from '../../api/ApiError.ts';
import { safeExternalUrl, youtubeEmbedUrl } from './links.ts';
import { suggestLandscape } from './orientation.ts';
import { formatBytes, progressFraction } from './progress.ts';
import { classifyFailure } from './viewerErrors.ts';

describe('landscape suggestion', () => {
  it('shows on upright phones up to 600 px wide only', () => {
    expect(suggestLandscape(390, 844)).toBe(true);
    expect(suggestLandscape(600, 900)).toBe(true);
    expect(suggestLandscape(601, 900)).toBe(false);
    expect(suggestLandscape(844, 390)).toBe(false);
    expect(suggestLandscape(1440, 900)).toBe(false);
  });
});

describe('loading progress', () => {
  it('is 0 before anything is known and 1 only when every item is done', () => {
    expect(progressFraction({ loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 })).toBe(0);
    expect(progressFraction({ loadedBytes: 100, totalBytes: 100, loadedItems: 3, totalItems: 4 })).toBeLessThan(1);
    expect(progressFraction({ loadedBytes: 10, totalBytes: 100, loadedItems: 4, totalItems: 4 })).toBe(1);
  });

  it('blends bytes and items, using items alone when sizes are unknown', () => {
    expect(progressFraction({ loadedBytes: 50, totalBytes: 100, loadedItems: 1, totalItems: 4 })).toBeCloseTo(0.375);
    expect(progressFraction({ loadedBytes: 0, totalBytes: 0, loadedItems: 1, totalItems: 4 })).toBeCloseTo(0.25);
  });

  it('formats byte counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('embed flags', () => {
  it('are off in embed mode unless set to 1, and on elsewhere unless set to 0', () => {
    expect(readEmbedFlags('', true)).toEqual({ showSignIn: false, showCommunications: false });
    expect(readEmbedFlags('?showSignIn=1&showCommunications=0', true)).toEqual({ showSignIn: true, showCommunications: false });
    expect(readEmbedFlags('?showSignIn=true', true).showSignIn).toBe(false);
    expect(readEmbedFlags('', false)).toEqual({ showSignIn: true, showCommunications: true });
    expect(readEmbedFlags('?showCommunications=0', false).showCommunications).toBe(false);
  });
});

describe('failure classification', () => {
  it('maps server answers and document errors to the right screen', () => {
    expect(classifyFailure(new ApiError(404, 'NOT_FOUND', 'x'))).toBe('notFound');
    expect(classifyFailure(new ApiError(400, 'VALIDATION_FAILED', 'x'))).toBe('notFound');
    expect(classifyFailure(new ApiError(403, 'FORBIDDEN', 'x'))).toBe('denied');
    expect(classifyFailure(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe('denied');
    expect(classifyFailure(new ApiError(422, 'SCENE_INVALID', 'x'))).toBe('invalid');
    expect(classifyFailure(new ApiError(422, 'SCENE_VERSION_UNSUPPORTED', 'x'))).toBe('unsupported');
    expect(classifyFailure(new ApiError(0, 'NETWORK', 'x'))).toBe('failed');
    expect(classifyFailure(new Error('boom'))).toBe('failed');
  });

  it('recognises the engine’s own document errors', () => {
    const caught = (input: unknown) => {
      try {
        migrateSceneDocument(input);
      } catch (err) {
        return err;
      }
      return null;
    };
    const future = caught({ version: 999 });
    const broken = caught({ version: 1, pictures: [{ id: 'p' }] });
    expect(future).toBeInstanceOf(SceneDocumentVersionError);
    expect(broken).toBeInstanceOf(SceneDocumentValidationError);
    expect(classifyFailure(future)).toBe('unsupported');
    expect(classifyFailure(broken)).toBe('invalid');
  });
});

describe('links leaving the viewer', () => {
  it('allows http(s) and mailto only', () => {
    expect(safeExternalUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeExternalUrl('mailto:hi@example.com')).toBe('mailto:hi@example.com');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });

  it('turns YouTube links into privacy-friendly embeds', () => {
    const id = 'dQw4w9WgXcQ';
    for (const u of [`https://www.youtube.com/watch?v=${id}`, `https://youtu.be/${id}`, `https://youtube.com/shorts/${id}`, `https://m.youtube.com/watch?v=${id}&t=3`]) {
      expect(youtubeEmbedUrl(u)).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`);
    }
    expect(youtubeEmbedUrl('https://vimeo.com/1')).toBeNull();
    expect(youtubeEmbedUrl('not a url')).toBeNull();
  });
});
