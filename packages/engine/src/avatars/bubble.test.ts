import { afterEach, describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import type { AvatarAppearance } from '@atrium/shared';
import { BUBBLE_SECONDS, bubbleLines } from './bubble.ts';
import { AvatarLayer } from './layer.ts';
import { nameplateHeight } from './nameplate.ts';

const look = (model: AvatarAppearance['model']): AvatarAppearance => ({ model, body: '#3DABFF', skin: '#C68863', clothes: '#223344' });
const g = globalThis as { document?: unknown };

/** A stand-in 2D canvas: plates and bubbles are drawn into textures, which Node has no canvas for. */
function fakeCanvas() {
  const ctx = new Proxy({}, { get: () => () => ({ width: 100 }) });
  g.document = { createElement: () => ({ width: 0, height: 0, getContext: () => ctx }) };
}
afterEach(() => {
  delete g.document;
});

describe('chat bubbles over avatars', () => {
  it('wraps a message into at most three short lines, cutting the rest', () => {
    expect(bubbleLines('  Hello   there  ')).toEqual(['Hello there']);
    expect(bubbleLines('one two three four five six seven eight nine ten', 12)).toEqual(['one two', 'three four', 'five six…']);
    expect(bubbleLines('x'.repeat(30), 12, 5)).toEqual(['x'.repeat(12), 'x'.repeat(12), 'x'.repeat(6)]);
    expect(bubbleLines('   ')).toEqual([]);
  });

  it('a public chat line shows over the speaker, above the name plate, replaced by the next and gone after a few seconds', () => {
    fakeCanvas();
    const layer = new AvatarLayer({ pose: () => ({ position: [0, 0, 0], yaw: 0 }), showLocal: () => true });
    layer.upsert('s1', { name: 'Ada', appearance: look('nova'), position: [1, 0, 1], yaw: 0, anim: 'idle' });
    layer.say('s1', 'Hello from the gallery');
    expect(layer.describe('s1')!.saying).toBe('Hello from the gallery');
    const bubble = () => layer.root.getObjectByName('chat-bubble');
    expect(bubble()!.position.y).toBeGreaterThan(layer.root.getObjectByName('nameplate')!.position.y);
    layer.say('s1', 'Come and see this');
    expect(layer.describe('s1')!.saying).toBe('Come and see this');
    expect(layer.root.children[0]!.children.filter((c) => c.name === 'chat-bubble')).toHaveLength(1);
    layer.update(BUBBLE_SECONDS - 1);
    expect(layer.describe('s1')!.saying).toBe('Come and see this');
    layer.update(1.5);
    expect(layer.describe('s1')!.saying).toBeNull();
    expect(bubble()).toBeUndefined();
    // Unknown ids and empty lines change nothing.
    layer.say('nobody', 'hi');
    layer.say('s1', '   ');
    expect(layer.describe('s1')!.saying).toBeNull();
    layer.setLocalAvatar(look('kai'), 'Me');
    layer.sayLocal('On my way');
    expect(layer.root.children.some((a) => a.getObjectByName('chat-bubble'))).toBe(true);
  });

  it('each frame sizes plates for the camera: a step away the plate is small, never above half a head', () => {
    fakeCanvas();
    const layer = new AvatarLayer({ pose: () => ({ position: [0, 0, 0], yaw: 0 }), showLocal: () => false });
    layer.upsert('s1', { name: 'Ada', appearance: look('nova'), position: [0, 0, 0], yaw: 0, anim: 'idle' });
    const camera = new PerspectiveCamera(60, 1.6, 0.05, 100);
    const plate = layer.root.getObjectByName('nameplate')!;
    plate.updateWorldMatrix(true, false);
    const at = plate.getWorldPosition(plate.position.clone());
    camera.position.set(at.x, at.y, at.z + 1);
    layer.update(1 / 60, { camera, viewportHeightPx: 900 });
    expect(plate.scale.y).toBeCloseTo(nameplateHeight(1, 60, 900), 3);
    camera.position.set(at.x, at.y, at.z + 30);
    layer.update(1 / 60, { camera, viewportHeightPx: 900 });
    expect(plate.scale.y).toBeCloseTo(0.12, 3);
  });
});
