import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type Asset } from '@atrium/shared';
import { audioUriOf, itemFromAsset } from './assetItems.ts';

const base: Asset = {
  id: '5b0e5f46-2b55-4a11-9d3c-1e0f00000001', kind: 'picture', ownerId: 'u', creator: null, title: 'Harbour', description: 'At dawn',
  tags: [], licenseId: null, collisions: 'Simple', interactive: false, defaultSize: null, status: 'ready', progress: 100, error: null,
  fileUrl: '/api/file/1?v=a', thumbnailUrl: '/api/thumbnail/1', mime: 'image/png', sizeBytes: 10, fields: {}, createdAt: '', updatedAt: '',
};

/** The item must be exactly what a saved document accepts. */
const parses = (kind: string, fields: Record<string, unknown>) =>
  sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, [kind]: [{ id: 'x', position: [0, 0, 0], ...fields }] });

describe('library asset → placed item', () => {
  it('a picture keeps its aspect, title, collisions and pop-up choice', () => {
    const item = itemFromAsset({ ...base, imageUrl: '/api/file/1/image', width: 900, height: 600, fields: { popUp: false } })!;
    expect(item.kind).toBe('pictures');
    expect(item.fields).toMatchObject({ imageUri: '/api/file/1/image', width: 1.2, title: 'Harbour', description: 'At dawn', collisions: 'Simple', popUp: false });
    expect(item.fields.height).toBeCloseTo(0.8);
    expect(parses(item.kind, item.fields).pictures[0]!.popUp).toBe(false);
    expect(itemFromAsset({ ...base, fileUrl: null })).toBeNull();
    expect(itemFromAsset({ ...base, defaultSize: 3, width: 100, height: 100 })!.fields).toMatchObject({ width: 3, height: 3 });
  });

  it('an uploaded video, a YouTube video and a model', () => {
    const v = itemFromAsset({ ...base, kind: 'video', videoUrl: '/api/file/2', fields: { provider: 'Source', autoplay: true, videoLoop: false, popUp: true } })!;
    expect(v).toMatchObject({ kind: 'videos', fields: { provider: 'Source', videoUri: '/api/file/2', autoplay: true, loop: false, popUp: true } });
    parses(v.kind, v.fields);
    const y = itemFromAsset({ ...base, kind: 'video', fileUrl: null, fields: { provider: 'Youtube', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' } })!;
    expect(y.fields).toMatchObject({ provider: 'Youtube', videoUri: '', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', thumbnailUri: '/api/thumbnail/1' });
    parses(y.kind, y.fields);
    const m = itemFromAsset({ ...base, kind: 'model3d', modelUrl: '/api/file/3/model', interactive: true, fields: { animationClip: null, autoplayAnimation: true } })!;
    expect(m).toMatchObject({ kind: 'models3d', fields: { modelUri: '/api/file/3/model', interactive: true, autoplayAnimation: true } });
    expect('animationClip' in m.fields).toBe(false);
    parses(m.kind, m.fields);
  });

  it('texts, hypertexts and web views come from their fields; audio is not placed', () => {
    const txt = itemFromAsset({ ...base, kind: 'hyperText', fileUrl: null, fields: { text: 'Visit', hyperlink: 'https://example.org', fontSize: 40, colorTint: '#112233', fontStyles: ['bold'], font: null } })!;
    expect(txt).toMatchObject({ kind: 'texts3d', fields: { text: 'Visit', hyperlink: 'https://example.org', fontSize: 40 } });
    parses(txt.kind, txt.fields);
    const plain = itemFromAsset({ ...base, kind: 'text3d', fields: { text: 'Hi', hyperlink: 'https://ignored.example' } })!;
    expect('hyperlink' in plain.fields).toBe(false);
    const web = itemFromAsset({ ...base, kind: 'webView3d', fields: { url: 'https://example.org/page' } })!;
    expect(web).toMatchObject({ kind: 'webViews3d', fields: { url: 'https://example.org/page' } });
    parses(web.kind, web.fields);
    expect(itemFromAsset({ ...base, kind: 'webView3d', fields: {} })).toBeNull();
    expect(itemFromAsset({ ...base, kind: 'audio', audioUrl: '/api/file/9' })).toBeNull();
    expect(audioUriOf({ ...base, kind: 'audio', audioUrl: '/api/file/9/audio' })).toBe('/api/file/9/audio');
    expect(audioUriOf({ ...base, kind: 'audio' })).toBe('/api/file/1?v=a');
  });
});
