import { describe, expect, it } from 'vitest';
import { Box3, Mesh, MeshBasicMaterial, PerspectiveCamera, PlaneGeometry, Vector3 } from 'three';
import { FakeCanvas } from '../harness/fakeDom.ts';
import { CameraRig } from './cameraRig.ts';
import { EYE_HEIGHT } from './player.ts';

function rig() {
  const teleports: unknown[] = [];
  const r = new CameraRig(new PerspectiveCamera(60, 1, 0.05, 2000), new FakeCanvas(100, 100) as unknown as HTMLElement, (p, rot) => teleports.push([p, rot]));
  return { r, teleports };
}
const still = { x: 0, y: 0, run: false };

describe('CameraRig', () => {
  it('teleports the feet and the eye, and reports it', () => {
    const { r, teleports } = rig();
    r.teleport([2, 0, 3], [0, Math.PI / 2, 0], 'player');
    expect(r.position('player')).toEqual([2, 0, 3]);
    expect(r.camera.position.toArray()).toEqual([2, EYE_HEIGHT, 3]);
    expect(r.pose().rotation[1]).toBeCloseTo(Math.PI / 2);
    expect(teleports).toHaveLength(1);
  });

  it('travels to a point over about a second, then stands there', async () => {
    const { r } = rig();
    r.teleport([0, 0, 0], [0, 0, 0], 'player');
    const arrived = r.travelTo([4, 0, 0], [0, 1, 0]);
    expect(r.travelling).toBe(true);
    r.update(0.6, 'player', still, 0);
    expect(r.camera.position.x).toBeGreaterThan(0);
    expect(r.camera.position.x).toBeLessThan(4);
    for (let i = 0; i < 20 && r.travelling; i++) r.update(0.1, 'player', still, 0);
    await arrived;
    expect(r.travelling).toBe(false);
    expect(r.position('player')).toEqual([4, 0, 0]);
  });

  it('falls onto the collider and walks forward in player mode', () => {
    const { r } = rig();
    const floor = new Mesh(new PlaneGeometry(50, 50).rotateX(-Math.PI / 2), new MeshBasicMaterial());
    floor.userData.collisions = 'Precise';
    r.rebuildCollider([floor]);
    r.setSpawn([0, 1, 0], [0, 0, 0], true);
    for (let i = 0; i < 60; i++) r.update(1 / 30, 'player', still, 0);
    expect(r.position('player')[1]).toBeCloseTo(0, 1);
    const z = r.position('player')[2];
    for (let i = 0; i < 30; i++) r.update(1 / 30, 'player', { x: 0, y: 1, run: false }, 0);
    expect(r.position('player')[2]).toBeLessThan(z - 1); // yaw 0 looks down -z
  });

  it('starts flying where the camera is and frames bounds for the orbit camera', () => {
    const { r } = rig();
    r.camera.position.set(1, 5, 9);
    r.setMode('fly', 'orbit', { position: [0, 0, 0], rotation: [0, 0, 0] });
    expect(r.fly.position.toArray()).toEqual([1, 5, 9]);
    r.frame(new Box3(new Vector3(-4, 0, -4), new Vector3(4, 3, 4)), false);
    expect(r.orbit.target.toArray()).toEqual([0, 1.2, 0]);
    expect(r.camera.position.y).toBeGreaterThan(3);
    r.dispose();
  });
});
