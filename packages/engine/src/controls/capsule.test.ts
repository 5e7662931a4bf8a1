import { Group, Mesh, MeshBasicMaterial, SphereGeometry, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { buildLevel } from '../builder/level.ts';
import { parseLevel } from '../builder/fixtures.test-helpers.ts';
import { CapsuleBody } from './capsule.ts';
import { buildCollider, collectColliderGeometry } from './collider.ts';

function world() {
  const level = parseLevel({
    id: 'l',
    walls: [
      { id: 'south', start: [0, 0], end: [10, 0], openings: [{ id: 'door', kind: 'door', offset: 5, width: 1.2, height: 2.2 }] },
      { id: 'east', start: [10, 0], end: [10, 10], openings: [{ id: 'win', kind: 'window', offset: 5, width: 2, height: 1.2 }] },
    ],
    floors: [{ id: 'f', polygon: [[-10, -10], [20, -10], [20, 20], [-10, 20]] }],
    stairs: [{ id: 's', position: [2, 0, 4], stepCount: 20, rise: 4, stepDepth: 0.3 }],
  });
  const root = new Group();
  for (const b of buildLevel(level)) {
    const m = new Mesh(b.geometry, new MeshBasicMaterial());
    m.userData.collisions = 'Precise';
    root.add(m);
  }
  return buildCollider(root)!;
}

const run = (body: CapsuleBody, collider: Mesh, move: Vector3, seconds: number) => {
  for (let t = 0; t < seconds; t += 1 / 60) body.step(collider, move, 1 / 60);
};

describe('capsule movement against the BVH', () => {
  const collider = world();

  it('falls onto the floor and stands on it', () => {
    const body = new CapsuleBody();
    body.position.set(5, 3, 5);
    run(body, collider, new Vector3(), 2);
    expect(body.position.y).toBeCloseTo(0, 1);
    expect(body.onGround).toBe(true);
  });

  it('is stopped by a solid wall', () => {
    const body = new CapsuleBody();
    body.position.set(2, 0, 3);
    run(body, collider, new Vector3(0, 0, -3), 3);
    expect(body.position.z).toBeGreaterThan(0.1 + 0.29);
  });

  it('walks through a doorway', () => {
    const body = new CapsuleBody();
    body.position.set(5, 0, 3);
    run(body, collider, new Vector3(0, 0, -3), 3);
    expect(body.position.z).toBeLessThan(-2);
  });

  it('is stopped by window glass', () => {
    const body = new CapsuleBody();
    body.position.set(8, 1.2, 5);
    run(body, collider, new Vector3(3, 0, 0), 3);
    expect(body.position.x).toBeLessThan(10);
  });

  it('climbs straight stairs to the top', () => {
    const body = new CapsuleBody();
    body.position.set(2, 0, 3);
    run(body, collider, new Vector3(0, 0, 1.5), 4.5);
    expect(body.position.y).toBeGreaterThan(3.7);
  });

  it('jumps and lands', () => {
    const body = new CapsuleBody();
    body.position.set(5, 0, 5);
    run(body, collider, new Vector3(), 0.5);
    body.jump();
    body.step(collider, new Vector3(), 1 / 60);
    run(body, collider, new Vector3(), 0.2);
    expect(body.position.y).toBeGreaterThan(0.5);
    run(body, collider, new Vector3(), 2);
    expect(body.position.y).toBeCloseTo(0, 1);
  });
});

describe('collider collection', () => {
  it('skips None, boxes Simple and keeps Precise triangles', () => {
    const root = new Group();
    const mk = (mode: string) => {
      const g = new Group();
      g.userData.item = { itemId: mode, kind: 'props', collisions: mode, activatable: false };
      g.add(new Mesh(new SphereGeometry(1, 16, 8), new MeshBasicMaterial()));
      root.add(g);
    };
    mk('None'); mk('Simple'); mk('Precise');
    const parts = collectColliderGeometry(root);
    expect(parts).toHaveLength(2);
    const tris = parts.map((p) => p.getAttribute('position').count / 3).sort((a, b) => a - b);
    expect(tris[0]).toBe(12); // Simple: a box
    expect(tris[1]).toBeGreaterThan(100); // Precise: the sphere
  });
});
