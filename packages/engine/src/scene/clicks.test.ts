import { describe, expect, it } from 'vitest';
import { Object3D, Vector3, type Intersection } from 'three';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { tagItem } from '../items/context.ts';
import { clickAction, type ClickState } from './clicks.ts';

const doc = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  texts3d: [{ id: 't', position: [0, 0, 0], text: 'x', title: 'Sign', hyperlink: 'https://example.com' }],
  videos: [{ id: 'v', position: [0, 0, 0], videoUri: '/v.mp4' }, { id: 'pv', position: [0, 0, 0], videoUri: '/v.mp4', popUp: true }],
});
const hitOn = (kind: 'texts3d' | 'videos', id: string, activatable = true): Intersection => {
  const o = tagItem(new Object3D(), kind, [...doc.texts3d, ...doc.videos].find((i) => i.id === id)!, activatable);
  return { object: o, point: new Vector3(), distance: 1 } as Intersection;
};
const video = { paused: true } as HTMLVideoElement;
const lookup = { video: (id: string) => (id.endsWith('v') ? video : undefined), item: (r: { id: string }) => [...doc.texts3d, ...doc.videos].find((i) => i.id === r.id) };
const viewer: ClickState = { mode: 'viewer', cameraMode: 'player', selection: [], mobile: false };
const editor: ClickState = { ...viewer, mode: 'editor', selection: ['a'] };

describe('clickAction', () => {
  it('selects in the editor; shift adds and removes; empty space clears unless shift is held', () => {
    expect(clickAction(hitOn('texts3d', 't'), false, false, editor, lookup)).toEqual({ kind: 'select', ids: ['t'] });
    expect(clickAction(hitOn('texts3d', 't'), false, true, editor, lookup)).toEqual({ kind: 'select', ids: ['a', 't'] });
    expect(clickAction(hitOn('texts3d', 't'), false, true, { ...editor, selection: ['a', 't'] }, lookup)).toEqual({ kind: 'select', ids: ['a'] });
    expect(clickAction(null, false, false, editor, lookup)).toEqual({ kind: 'select', ids: [] });
    expect(clickAction(null, false, true, editor, lookup)).toEqual({ kind: 'none' });
  });

  it('in the viewer toggles a video screen, opens pop-up videos and activatable items, and locks the pointer on the world', () => {
    expect(clickAction(hitOn('videos', 'v'), false, false, viewer, lookup)).toEqual({ kind: 'toggleVideo', video });
    expect(clickAction(hitOn('videos', 'pv'), false, false, viewer, lookup)).toMatchObject({ kind: 'activate', item: { id: 'pv', kind: 'videos' } });
    expect(clickAction(hitOn('texts3d', 't'), false, false, viewer, lookup)).toMatchObject({ kind: 'activate', item: { id: 't', title: 'Sign' } });
    expect(clickAction(null, false, false, viewer, lookup)).toEqual({ kind: 'lockPointer' });
    expect(clickAction(null, true, false, viewer, lookup)).toEqual({ kind: 'none' });
    expect(clickAction(null, false, false, { ...viewer, mobile: true }, lookup)).toEqual({ kind: 'none' });
  });
});
