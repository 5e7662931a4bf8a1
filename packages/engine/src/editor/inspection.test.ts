import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { History } from './history.ts';
import { TransformItemsCommand, transformOf } from './commands/items.ts';
import { Euler, Quaternion } from 'three';
import { boxScale, canonicalEuler, inspectItem, inspectWallAt, uniformScale } from './inspection.ts';

const doc = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  customSpace: {
    levels: [
      { id: 'L0', walls: [{ id: 'w1', start: [0, 0], end: [5, 0], openings: [{ id: 'd', kind: 'door', offset: 2, width: 1, height: 2 }] }] },
      { id: 'L1', walls: [{ id: 'up', start: [0, 0], end: [3, 0], thickness: 0.3 }] },
    ],
  },
  props: [{ id: 'chair', propId: 'chair', title: 'Chair', position: [1, 0, 2], rotation: [0, Math.PI / 2, 0], scale: [2, 1, 1] }],
});

describe('inspection', () => {
  it('describes an item with its drawn size in metres and rotation in degrees', () => {
    expect(inspectItem(doc, 'chair', { min: [0.5, 0, 1.5], max: [1.5, 0.9, 2.25] })).toEqual({
      type: 'item', id: 'chair', kind: 'props', title: 'Chair', position: [1, 0, 2], rotation: [0, 90, 0], scale: [2, 1, 1], size: [1, 0.9, 0.75],
    });
    expect(inspectItem(doc, 'chair', null)).toMatchObject({ size: null });
    expect(inspectItem(doc, 'missing', null)).toBeNull();
  });

  it('describes the wall hit on the level whose height holds the point', () => {
    expect(inspectWallAt(doc, [2.5, 1, 0.1])).toMatchObject({ type: 'wall', wallId: 'w1', levelIndex: 0, length: 5, doors: 1, windows: 0 });
    expect(inspectWallAt(doc, [1, 5, -0.15])).toMatchObject({ wallId: 'up', levelId: 'L1', length: 3, thickness: 0.3 });
    expect(inspectWallAt(doc, [2.5, 1, 3])).toBeNull();
  });
});

describe('scale tools', () => {
  it('scale is uniform: the handle moved most sets one factor for every axis', () => {
    expect(uniformScale([1, 2, 1], [1.5, 2, 1])).toEqual([1.5, 3, 1.5]);
    expect(uniformScale([1, 1, 1], [1.2, 0.5, 1])).toEqual([0.5, 0.5, 0.5]);
    expect(uniformScale([1, 1, 1], [-3, 1, 1])).toEqual([0.01, 0.01, 0.01]);
  });

  it('box scale keeps axes apart but never collapses or mirrors', () => {
    expect(boxScale([2, 1, 0.5])).toEqual([2, 1, 0.5]);
    expect(boxScale([2, -1, 0])).toEqual([2, 0.01, 0.01]);
  });

  it('a box-scale drag of many pointer moves is one undo step', () => {
    const h = new History(doc, { now: () => 0 });
    const from = transformOf(doc.props[0]!);
    for (const sx of [2.2, 2.6, 3]) h.execute(new TransformItemsCommand([{ id: 'chair', from, to: { ...from, scale: boxScale([sx, 1, 1]) } }], 'drag-1'));
    expect(h.undoSize).toBe(1);
    expect(h.document.props[0]!.scale).toEqual([3, 1, 1]);
    h.undo();
    expect(h.document.props[0]!.scale).toEqual([2, 1, 1]);
  });
});

describe('canonicalEuler', () => {
  it('turns the flipped form of a plain turn back into [0, yaw, 0] and keeps the same rotation', () => {
    const flipped = [-Math.PI, (-30 * Math.PI) / 180, -Math.PI] as const;
    const c = canonicalEuler([...flipped]);
    expect(c[0]).toBeCloseTo(0, 9);
    expect((c[1] * 180) / Math.PI).toBeCloseTo(-150, 6);
    expect(c[2]).toBeCloseTo(0, 9);
    const q1 = new Quaternion().setFromEuler(new Euler(...flipped));
    const q2 = new Quaternion().setFromEuler(new Euler(...c));
    expect(Math.abs(q1.dot(q2))).toBeCloseTo(1, 9);
    expect(canonicalEuler([0.1, 1, -0.2])).toEqual([0.1, 1, -0.2]);
  });
});

describe('inspection of untitled props', () => {
  it('names a prop by its library id until it has a title', () => {
    const untitled = sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, props: [{ id: 'p', propId: 'sofa-three', position: [0, 0, 0] }] });
    expect(inspectItem(untitled, 'p', null)).toMatchObject({ title: 'sofa-three' });
  });
});
