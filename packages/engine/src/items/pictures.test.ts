import { describe, expect, it, vi } from 'vitest';
import { Box3, Matrix4, Vector3, type InstancedBufferAttribute, type InstancedMesh, type Mesh, type Object3D } from 'three';
import { picture as pictureSchema } from '@atrium/shared';
import { DEMO_SPACES, buildDemoDocument } from '@atrium/assets/demo-spaces';
import { HeadlessEngine } from '../harness/headlessEngine.ts';
import { PictureLayers, type PictureLayersOptions } from '../loading/pictureLayers.ts';
import { ProgressTracker } from '../loading/progress.ts';
import type { ItemContext } from './context.ts';
import { buildPictures } from './pictures.ts';

const pictures = (n: number, images: number) =>
  Array.from({ length: n }, (_, i) =>
    pictureSchema.parse({ id: `p${i}`, position: [i, 1.6, 0], imageUri: `/img/${i % images}.png`, width: 1, height: 0.5 }),
  );
const bitmap = (size: number) => ({ width: size, height: size, close() {} }) as unknown as ImageBitmap;

function setup(options: Partial<PictureLayersOptions> = {}) {
  const tracker = new ProgressTracker(() => {});
  const decode = vi.fn((_uri: string, size: number) => Promise.resolve(bitmap(size)));
  const layers = new PictureLayers({ layerSize: () => 512, decode, ...options });
  const warn = vi.fn();
  const ctx = { tracker, pictureLayers: layers, warn, canUseDom: false } as unknown as ItemContext;
  return { tracker, decode, layers, ctx, warn };
}

/** What the renderer draws for a subtree: one call per visible mesh (single-material meshes here). */
const drawCalls = (root: Object3D) => {
  let n = 0;
  root.traverseVisible((o) => { if ((o as Mesh).isMesh) n++; });
  return n;
};
/** One frame drawing `mesh`: its page uploads what arrived and the planes take their layers. */
const fakeGl = () => ({ TEXTURE0: 0, TEXTURE_2D_ARRAY: 1, RGBA: 2, UNSIGNED_BYTE: 3, texSubImage3D: vi.fn(), generateMipmap: vi.fn() });
const fakeRenderer = (gl = fakeGl()) => ({
  initTexture: vi.fn(), getContext: () => gl, properties: { get: () => ({ __webglTexture: {} }) },
  state: { activeTexture: vi.fn(), bindTexture: vi.fn(), pixelStorei: vi.fn(), unbindTexture: vi.fn() },
});
const draw = (mesh: InstancedMesh, renderer = fakeRenderer()) => mesh.onBeforeRender(renderer as never, null as never, null as never, null as never, null as never, null as never);
const layerOf = (mesh: InstancedMesh, i: number) => (mesh.geometry.getAttribute('pictureLayer') as InstancedBufferAttribute).getX(i);

describe('pictures drawn from texture-array layers', () => {
  it('draws 200 distinct pictures in 3 draw calls (2 array pages + frames), each image decoded once', async () => {
    const { tracker, decode, layers, ctx } = setup();
    tracker.addItems(200);
    const root = buildPictures(pictures(200, 200), ctx);
    expect(drawCalls(root)).toBe(3);
    expect(decode).toHaveBeenCalledTimes(200);
    // 512 px layers with mipmaps: 192 fit the 256 MB page budget; the last page is sized for the rest.
    expect(layers.pages.map((p) => p.capacity)).toEqual([192, 8]);
    const planes = root.children.filter((m) => m.name !== 'pictures:frames') as InstancedMesh[];
    expect(planes.map((m) => m.count)).toEqual([192, 8]);
    // Until an image arrives its plane shows the card (layer -1).
    expect(layerOf(planes[0]!, 0)).toBe(-1);
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    planes.forEach((m) => draw(m));
    // Every picture on a page reads its own layer once the page has refreshed.
    const seen = new Set(planes.flatMap((m) => Array.from({ length: m.count }, (_, i) => `${m.id}:${layerOf(m, i)}`)));
    expect(seen.size).toBe(200);
    expect(Math.min(...planes.flatMap((m) => Array.from({ length: m.count }, (_, i) => layerOf(m, i))))).toBe(0);
  });

  it('points each plane at its layer when the image settles, before any frame, so the frame completing a load shows it', async () => {
    const { tracker, ctx } = setup({ failed: () => Promise.resolve(null) });
    tracker.addItems(3);
    const list = pictures(3, 3);
    list[2] = pictureSchema.parse({ ...list[2], imageUri: '/img/broken.png' });
    const { ctx: failing } = setup({ decode: (uri, size) => (uri.includes('broken') ? Promise.reject(new Error('404')) : Promise.resolve(bitmap(size))), failed: () => Promise.resolve(null) });
    const root = buildPictures(list, { ...ctx, pictureLayers: failing.pictureLayers, tracker });
    const planes = root.children[0] as InstancedMesh;
    const attribute = planes.geometry.getAttribute('pictureLayer') as InstancedBufferAttribute;
    const version = attribute.version;
    // Each image's items are done only after its planes point at it: the frame that item asks for draws it.
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    expect([layerOf(planes, 0), layerOf(planes, 1)].sort()).toEqual([0, 1]);
    expect(layerOf(planes, 2)).toBe(-1); // failed with no placeholder: the card for good
    expect(attribute.version).toBeGreaterThan(version); // marked for upload with the next frame's attributes
  });

  it('pictures sharing an image share its layer; the frames are one instanced mesh with a colour each', async () => {
    const { tracker, decode, ctx } = setup();
    tracker.addItems(200);
    const root = buildPictures(pictures(200, 10), ctx);
    expect(drawCalls(root)).toBe(2);
    expect(decode).toHaveBeenCalledTimes(10);
    const [planes, frames] = root.children as InstancedMesh[];
    expect(frames!.name).toBe('pictures:frames');
    expect(frames!.count).toBe(200);
    expect(frames!.instanceColor).not.toBeNull();
    expect(planes!.userData.instanceItems).toEqual(Array.from({ length: 200 }, (_, i) => `p${i}`));
    expect(planes!.userData.item).toMatchObject({ kind: 'pictures', activatable: true });
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    draw(planes!);
    expect(layerOf(planes!, 3)).toBe(layerOf(planes!, 13));
    expect(layerOf(planes!, 3)).not.toBe(layerOf(planes!, 4));
    // Instance 10 is picture p10, standing at x = 10 and 1 m × 0.5 m.
    const m = new Matrix4();
    planes!.getMatrixAt(10, m);
    planes!.geometry.computeBoundingBox();
    const box = new Box3().copy(planes!.geometry.boundingBox!).applyMatrix4(m);
    expect(box.getCenter(new Vector3()).x).toBeCloseTo(10);
    expect(box.getSize(new Vector3()).x).toBeCloseTo(1);
    expect(box.getSize(new Vector3()).y).toBeCloseTo(0.5);
  });

  it('a rebuilt batch reuses the decoded layers; disposing the last user frees the layer for the next image', async () => {
    const { tracker, decode, layers, ctx } = setup();
    tracker.addItems(4);
    const first = buildPictures(pictures(4, 2), ctx);
    const again = buildPictures(pictures(2, 2), ctx);
    expect(decode).toHaveBeenCalledTimes(2);
    const page = layers.pages[0]!;
    expect(page.used).toBe(2);
    (first.children[0] as Mesh).geometry.dispose();
    expect(page.used).toBe(2); // still shown by the second batch
    (again.children[0] as Mesh).geometry.dispose();
    expect(layers.pages).toHaveLength(1); // kept until the task ends: a rebuild in the same task finds it
    await Promise.resolve();
    expect(layers.pages).toHaveLength(0); // nothing uses the page any more: freed
    buildPictures(pictures(1, 1), ctx);
    expect(decode).toHaveBeenCalledTimes(3);
  });

  it('warns for an image that fails, shows the placeholder in its layer and still completes its items', async () => {
    const failed = vi.fn((size: number) => Promise.resolve(bitmap(size)));
    const { tracker, ctx, warn, layers } = setup({ decode: () => Promise.reject(new Error('404')), failed });
    tracker.addItems(2);
    const root = buildPictures(pictures(2, 1), ctx);
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    expect(warn).toHaveBeenCalledWith('Failed to load image', 'p0', expect.any(Error));
    expect(failed).toHaveBeenCalledWith(512);
    expect(layers.pages[0]!.pending).toBe(1);
    const planes = root.children[0] as InstancedMesh;
    const gl = fakeGl();
    draw(planes, fakeRenderer(gl));
    expect(layers.pages[0]!.pending).toBe(0);
    // The placeholder went into layer 0, level 0, in one upload; the mipmaps follow once.
    expect(gl.texSubImage3D).toHaveBeenCalledTimes(1);
    expect(gl.texSubImage3D.mock.calls[0]!.slice(0, 5)).toEqual([1, 0, 0, 0, 0]);
    expect(gl.generateMipmap).toHaveBeenCalledTimes(1);
    expect(layerOf(planes, 0)).toBe(0);
  });

  it('an image decoded with its mip chain goes up level by level and the GPU makes no mipmaps for the page', async () => {
    const chain = (size: number) => Array.from({ length: Math.log2(size) + 1 }, (_, level) => bitmap(size >> level));
    const { tracker, ctx, layers } = setup({ layerSize: () => 8, decode: (_uri, size) => Promise.resolve(chain(size)) });
    tracker.addItems(2);
    const root = buildPictures(pictures(2, 2), ctx);
    await vi.waitFor(() => expect(tracker.complete).toBe(true));
    const gl = fakeGl();
    draw(root.children[0] as InstancedMesh, fakeRenderer(gl));
    expect(layers.pages[0]!.pending).toBe(0);
    // Two images, 8, 4, 2 and 1 px each: (level, layer) for every upload, sized to its level.
    const uploads = gl.texSubImage3D.mock.calls.map((c) => [c[1], c[4], c[5]]);
    expect(uploads).toHaveLength(8);
    expect(new Set(uploads.map(([level, layer]) => `${level}:${layer}`)).size).toBe(8);
    expect(uploads.filter(([level]) => level === 0).map(([, , w]) => w)).toEqual([8, 8]);
    expect(uploads.filter(([level]) => level === 3).map(([, , w]) => w)).toEqual([1, 1]);
    expect(gl.generateMipmap).not.toHaveBeenCalled();
  });

  it('a page holds as many layers as there are distinct images, and a later image gets a page of its own size', () => {
    // Every layer of a page is allocated (with its mip chain) on the GPU, so a page larger than
    // its images costs memory and a longer first upload for nothing.
    const { layers } = setup();
    layers.acquire(['/a.png', '/b.png', '/a.png', '/c.png']);
    expect(layers.pages.map((p) => [p.capacity, p.texture.image.depth, p.texture.image.width])).toEqual([[3, 3, 512]]);
    layers.acquire(['/a.png', '/d.png']);
    expect(layers.pages.map((p) => p.capacity)).toEqual([3, 1]);
  });

  it('the demo gallery allocates one layer per distinct picture image, no more', () => {
    const i = DEMO_SPACES.findIndex((s) => s.demoKey === 'demo-gallery');
    const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
    const doc = buildDemoDocument(DEMO_SPACES[i]!, { sceneId: next.demoKey, label: next.portalLabel });
    const engine = new HeadlessEngine();
    engine.load(doc);
    const distinct = new Set(doc.pictures.map((p) => p.imageUri)).size;
    expect(distinct).toBeGreaterThan(0);
    const pages = engine.pictureLayers.pages;
    expect(pages.reduce((n, p) => n + p.texture.image.depth, 0)).toBe(distinct);
    expect(pages.every((p) => p.full)).toBe(true);
  });
});
