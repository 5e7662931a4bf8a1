import { describe, expect, it } from 'vitest';
import { Frustum, Group, Matrix4, PerspectiveCamera, Quaternion, Vector3, type Object3D } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { model3d } from '@atrium/shared';
import { ProgressTracker } from '../loading/progress.ts';
import { ANIMATED_CLIPS, animatedModelGlb } from './animatedModel.test-helpers.ts';
import type { ItemContext } from './context.ts';
import { ModelAnimation, ModelAnimations, chosenClipIndex, pickClip } from './modelAnimation.ts';
import { RedrawGate } from '../render/redrawGate.ts';
import { buildModel3d, type LoadedModel } from './models.ts';

async function loadFixture(): Promise<GLTF> {
  const glb = await animatedModelGlb();
  return new GLTFLoader().parseAsync(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '');
}

/** A model placed at `at` in a scene, as the engine's items group holds it. */
async function placed(at: [number, number, number] = [0, 0, 0]) {
  const gltf = await loadFixture();
  const item = new Group();
  item.position.fromArray(at);
  item.add(gltf.scene);
  const world = new Group().add(item);
  world.updateMatrixWorld(true);
  const bone = (name: string) => gltf.scene.getObjectByName(name)!;
  return { gltf, item, world, bone };
}

/** What a camera at `from` looking at `to` sees. */
function frustumLooking(from: [number, number, number], to: [number, number, number]): Frustum {
  const camera = new PerspectiveCamera(60, 1, 0.05, 200);
  camera.position.fromArray(from);
  camera.lookAt(new Vector3(...to));
  camera.updateMatrixWorld();
  return new Frustum().setFromProjectionMatrix(new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
}

/** Rotation angle in degrees and its axis sign about `axis`. */
function degreesAbout(o: Object3D, axis: Vector3): number {
  const q = o.quaternion;
  const angle = (2 * Math.acos(Math.min(1, Math.abs(q.w))) * 180) / Math.PI;
  const along = new Vector3(q.x, q.y, q.z).dot(axis) * Math.sign(q.w || 1);
  return along < 0 ? -angle : angle;
}

const Z = new Vector3(0, 0, 1);
const Y = new Vector3(0, 1, 0);
const facing = frustumLooking([0, 1, 5], [0, 0.8, 0]);

describe('placed model animation', () => {
  it('builds a model and hands its clips to the engine once loaded', async () => {
    const gltf = await loadFixture();
    const tracker = new ProgressTracker(() => {});
    tracker.addItems(1);
    const ctx = {
      tracker, canUseDom: false, resolveUri: (u: string) => u, warn: () => {},
      gltf: () => ({ loadAsync: async () => gltf }),
    } as unknown as ItemContext;
    const loaded = await new Promise<LoadedModel>((resolve) => {
      buildModel3d(model3d.parse({ id: 'fox', position: [0, 0, 0], modelUri: '/fox.glb', autoplayAnimation: true }), ctx, (_root, l) => resolve(l));
    });
    expect(loaded.animations.map((c) => c.name)).toEqual([...ANIMATED_CLIPS]);
    expect(loaded.scene.getObjectByName('Arm')).toBeDefined();
  });

  it('plays the chosen clip with autoplay and moves the pose as engine time advances', async () => {
    const { gltf, item, bone } = await placed();
    const animation = new ModelAnimation(gltf.scene, gltf.animations, { clip: 'Wave', autoplay: true, loop: true });
    expect(animation.info()).toMatchObject({ clips: ['Spin', 'Wave'], clip: 'Wave', playing: true, time: 0 });
    expect(animation.mixer.getRoot()).toBe(gltf.scene);
    expect(degreesAbout(bone('Arm'), Z)).toBeCloseTo(0, 3);

    expect(animation.update(0.25, facing)).toBe(true);
    expect(degreesAbout(bone('Arm'), Z)).toBeCloseTo(30, 1);
    animation.update(0.25, facing);
    expect(degreesAbout(bone('Arm'), Z)).toBeCloseTo(60, 1);
    expect(animation.info()).toMatchObject({ time: 0.5, onScreen: true });
    // Only the chosen clip plays: Spin would have turned the root.
    expect(bone('Root').quaternion.equals(new Quaternion())).toBe(true);
    expect(item.children).toContain(gltf.scene);
  });

  it('plays the first clip when the document names none, and the first one when it names an unknown one', async () => {
    const { gltf, bone } = await placed();
    const spin = new ModelAnimation(gltf.scene, gltf.animations, { autoplay: true, loop: true });
    expect(spin.info().clip).toBe('Spin');
    spin.update(0.5, facing);
    expect(degreesAbout(bone('Root'), Y)).toBeCloseTo(90, 1);
    expect(degreesAbout(bone('Arm'), Z)).toBeCloseTo(0, 3);
    expect(pickClip(gltf.animations, undefined)!.name).toBe('Spin');
    expect(pickClip(gltf.animations, 'Gallop')!.name).toBe('Spin');
    // The asset pipeline's name for an unnamed second clip.
    expect(pickClip(gltf.animations, 'Clip 2')!.name).toBe('Wave');
    expect(pickClip([], 'Wave')).toBeNull();
    expect(chosenClipIndex(['Wave', 'Spin'], 'Clip 3')).toBe(0);
    // The inspector reads the same array until the model reloads, so its store sees no change.
    expect(spin.info().clips).toBe(spin.info().clips);
  });

  it('loops, or stops on the last pose when played once', async () => {
    const looped = await placed();
    const loop = new ModelAnimation(looped.gltf.scene, looped.gltf.animations, { autoplay: true, loop: true });
    loop.update(0.1, facing);
    for (let i = 0; i < 24; i++) loop.update(0.1, facing); // 2.5 s of a 2 s clip
    expect(loop.playing).toBe(true);
    expect(loop.info().time).toBeCloseTo(0.5, 3);

    const once = await placed();
    const single = new ModelAnimation(once.gltf.scene, once.gltf.animations, { clip: 'Spin', autoplay: true, loop: false });
    for (let i = 0; i < 15; i++) single.update(0.1, facing);
    expect(degreesAbout(once.bone('Root'), Y)).toBeCloseTo(-90, 1); // 270° is −90°
    for (let i = 0; i < 10; i++) single.update(0.1, facing);
    expect(single.playing).toBe(false);
    expect(single.info().time).toBeCloseTo(2, 3);
    // Finished: no more pose changes, so the editor stops drawing for it.
    expect(single.update(0.1, facing)).toBe(false);
  });

  it('does not move without autoplay', async () => {
    const { gltf, bone } = await placed();
    const still = new ModelAnimation(gltf.scene, gltf.animations, { autoplay: false, loop: true });
    expect(still.update(0.5, facing)).toBe(false);
    expect(still.info()).toMatchObject({ clip: 'Spin', playing: false, time: 0 });
    expect(bone('Root').quaternion.equals(new Quaternion())).toBe(true);
  });

  it('pauses while off-screen or hidden and carries on from the same time when seen again', async () => {
    const { gltf, item, bone } = await placed([3, 0, -20]);
    const animation = new ModelAnimation(gltf.scene, gltf.animations, { clip: 'Wave', autoplay: true, loop: true });
    const towards = frustumLooking([3, 1, -15], [3, 0.8, -20]);
    const behind = frustumLooking([3, 1, -15], [3, 1, -10]);
    animation.update(0.25, towards);
    expect(animation.update(0.5, behind)).toBe(false);
    expect(animation.info()).toMatchObject({ time: 0.25, onScreen: false, playing: true });
    expect(degreesAbout(bone('Arm'), Z)).toBeCloseTo(30, 1);
    // A view of the origin, where the model would be if its bounds did not follow the item.
    expect(animation.update(0.5, frustumLooking([0, 1, -3], [0, 0.8, 0]))).toBe(false);
    expect(animation.update(0.25, towards)).toBe(true);
    expect(animation.info().time).toBeCloseTo(0.5, 5);

    item.visible = false; // e.g. a level the interior view hides
    expect(animation.update(0.25, towards)).toBe(false);
    expect(animation.info().time).toBeCloseTo(0.5, 5);
  });

  it('releases its actions and bindings when disposed', async () => {
    const { gltf } = await placed();
    const animation = new ModelAnimation(gltf.scene, gltf.animations, { autoplay: true, loop: true });
    animation.update(0.1, facing);
    expect(animation.mixer.stats.actions.inUse).toBe(1);
    expect(animation.mixer.stats.bindings.total).toBeGreaterThan(0);
    animation.dispose();
    expect(animation.mixer.stats.actions).toMatchObject({ total: 0, inUse: 0 });
    expect(animation.mixer.stats.bindings.total).toBe(0);
    expect(animation.playing).toBe(false);
  });

  it('keeps on-demand rendering drawing while a model plays in view, and stops when nothing animates', async () => {
    const { gltf } = await placed();
    const still = await placed();
    const models = new ModelAnimations();
    const camera = new PerspectiveCamera(60, 1, 0.05, 200);
    camera.position.set(0, 1, 5);
    camera.lookAt(0, 0.8, 0);
    const gate = new RedrawGate(60_000);
    let now = 0;
    const frame = () => { now += 100; return gate.shouldDraw(camera, now, models.update(0.1, camera)); };
    expect(frame()).toBe(true); // the first frame
    expect(frame()).toBe(false); // nothing animates yet
    expect(models.info('still')).toBeNull(); // not loaded yet
    models.attach('still', still.gltf.scene, still.gltf.animations, { autoplay: false, loop: true });
    models.attach('crate', new Group(), [], { autoplay: true, loop: true });
    expect(models.info('crate')).toMatchObject({ clips: [], clip: null, playing: false });
    expect(models.size).toBe(1); // a mixer only for the model with clips
    models.attach('fox', gltf.scene, gltf.animations, { clip: 'Spin', autoplay: true, loop: true });
    expect(models.info('fox')).toMatchObject({ clip: 'Spin', playing: true });
    expect([frame(), frame(), frame()]).toEqual([true, true, true]);
    expect(models.info('fox')!.time).toBeCloseTo(0.3, 5);
    camera.lookAt(0, 1, 10); // turned away: the clip holds, and frames stop once the camera rests
    expect(frame()).toBe(true);
    expect([frame(), frame()]).toEqual([false, false]);
    expect(models.info('fox')).toMatchObject({ onScreen: false, time: expect.closeTo(0.3, 5) });
    camera.lookAt(0, 0.8, 0);
    expect(frame()).toBe(true);
    models.remove('fox'); // the item was deleted
    expect(models.info('fox')).toBeNull();
    expect([frame(), frame()]).toEqual([false, false]);
    models.attach('fox', gltf.scene, gltf.animations, { autoplay: true, loop: true });
    models.clear(); // a new scene loads
    expect(models.size).toBe(0);
    expect(frame()).toBe(false);
  });
});
