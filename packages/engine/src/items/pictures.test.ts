import { describe, expect, it, vi } from 'vitest';
import { Box3, Matrix4, Texture, Vector3, type InstancedMesh, type MeshStandardMaterial } from 'three';
import { picture as pictureSchema } from '@atrium/shared';
import { ProgressTracker } from '../loading/progress.ts';
import type { ItemContext } from './context.ts';
import { buildPictures } from './pictures.ts';

const pictures = (n: number, images: number) =>
  Array.from({ length: n }, (_, i) =>
    pictureSchema.parse({ id: `p${i}`, position: [i, 1.6, 0], imageUri: `/img/${i % images}.png`, width: 1, height: 0.5 }),
  );

describe('pictures drawn instanced', () => {
  it('draws 200 pictures of 10 images as 10 image meshes plus one frame mesh, each texture loaded once', async () => {
    const tracker = new ProgressTracker(() => {});
    tracker.addItems(200);
    const loadTexture = vi.fn(async () => new Texture());
    const ctx = { tracker, loadTexture, warn: vi.fn(), canUseDom: false } as unknown as ItemContext;
    const root = buildPictures(pictures(200, 10), ctx);
    const meshes = root.children as InstancedMesh[];
    expect(meshes).toHaveLength(11);
    expect(loadTexture).toHaveBeenCalledTimes(10);
    const frames = meshes.find((m) => m.name === 'pictures:frames')!;
    expect(frames.count).toBe(200);
    expect(frames.instanceColor).not.toBeNull();
    const first = meshes[0]!;
    expect(first.count).toBe(20);
    expect(first.userData.instanceItems).toEqual(Array.from({ length: 20 }, (_, i) => `p${i * 10}`));
    expect(first.userData.item).toMatchObject({ kind: 'pictures', activatable: true });
    // Instance 1 of the first image is picture p10, standing at x = 10 and 1 m × 0.5 m.
    const m = new Matrix4();
    first.getMatrixAt(1, m);
    first.geometry.computeBoundingBox();
    const box = new Box3().copy(first.geometry.boundingBox!).applyMatrix4(m);
    expect(box.getCenter(new Vector3()).x).toBeCloseTo(10);
    expect(box.getSize(new Vector3()).x).toBeCloseTo(1);
    expect(box.getSize(new Vector3()).y).toBeCloseTo(0.5);
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    expect((first.material as MeshStandardMaterial).map).toBeInstanceOf(Texture);
  });

  it('warns for an image that fails and still completes its items', async () => {
    const tracker = new ProgressTracker(() => {});
    tracker.addItems(2);
    const warn = vi.fn();
    const ctx = { tracker, loadTexture: () => Promise.reject(new Error('404')), warn, canUseDom: false } as unknown as ItemContext;
    buildPictures(pictures(2, 1), ctx);
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    expect(warn).toHaveBeenCalledWith('Failed to load image', 'p0', expect.any(Error));
  });
});
