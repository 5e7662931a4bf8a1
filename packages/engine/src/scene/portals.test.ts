import { describe, expect, it } from 'vitest';
import { Object3D, Vector3 } from 'three';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1 } from '@atrium/shared';
import { Portals } from './portals.ts';

const doc = sceneDocumentV1.parse({
  version: SCENE_DOCUMENT_VERSION,
  portals: [
    { id: 'to-point', position: [5, 0, 0], radius: 1, target: { kind: 'point', position: [20, 0, 20], rotation: [0, 1, 0] } },
    { id: 'to-scene', position: [-5, 0, 0], radius: 1, target: { kind: 'scene', sceneId: 'other' } },
  ],
});
const objects = new Map(doc.portals.map((p) => {
  const o = new Object3D();
  o.position.fromArray(p.position);
  o.updateMatrixWorld();
  return [p.id, o];
}));

describe('Portals', () => {
  it('fires once on entry, teleports for point targets, and fires again only after leaving', () => {
    const entered: string[] = [];
    const teleports: unknown[] = [];
    const portals = new Portals((e) => entered.push(e.portalId), (p, r) => teleports.push([p, r]));
    const check = (x: number) => portals.check(doc.portals, new Vector3(x, 0, 0), (id) => objects.get(id));
    check(0);
    expect(entered).toEqual([]);
    check(5);
    check(5.2);
    expect(entered).toEqual(['to-point']);
    expect(teleports).toEqual([[[20, 0, 20], [0, 1, 0]]]);
    check(0);
    check(-5);
    expect(entered).toEqual(['to-point', 'to-scene']);
    expect(teleports).toHaveLength(1);
    check(0);
    check(5);
    expect(entered).toHaveLength(3);
  });
});
