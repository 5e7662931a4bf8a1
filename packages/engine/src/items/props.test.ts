import { describe, expect, it, vi } from 'vitest';
import type { InstancedMesh, Mesh} from 'three';
import { Box3, type Object3D } from 'three';
import { prop as propSchema, type Prop } from '@atrium/shared';
import { ProgressTracker } from '../loading/progress.ts';
import type { ItemContext } from './context.ts';
import { buildProps } from './props.ts';

const ctxWith = (warn = vi.fn()) => {
  const tracker = new ProgressTracker(() => {});
  const ctx = { tracker, warn, canUseDom: false, resolveUri: (u: string) => u } as unknown as ItemContext;
  return { ctx, tracker, warn };
};
const prop = (id: string, propId: string, x = 0): Prop => propSchema.parse({ id, propId, position: [x, 0, 0] });
const meshes = (root: Object3D) => {
  const out: Mesh[] = [];
  root.traverse((o) => { if ((o as Mesh).isMesh) out.push(o as Mesh); });
  return out;
};

describe('props from the assets library', () => {
  it('builds a single prop as its library recipe, placed and tagged', () => {
    const { ctx, tracker } = ctxWith();
    tracker.addItems(1);
    const root = buildProps([propSchema.parse({ id: 'c', propId: 'chair-dining', position: [2, 0, 1] })], ctx);
    const [group] = root.children;
    expect(group!.name).toBe('props:c');
    expect(group!.userData.item).toMatchObject({ itemId: 'c', kind: 'props' });
    expect(group!.position.toArray()).toEqual([2, 0, 1]);
    const size = new Box3().setFromObject(group!).getSize(group!.position.clone());
    // A dining chair: roughly half a metre wide and under 1.2 m tall, not a 0.5 m crate.
    expect(size.y).toBeGreaterThan(0.7);
    expect(size.y).toBeLessThan(1.2);
    expect(tracker.complete).toBe(true);
  });

  it('instances a repeated prop: one InstancedMesh per part look, with every placement', () => {
    const { ctx } = ctxWith();
    const list = Array.from({ length: 30 }, (_, i) => prop(`s${i}`, 'chair-dining', i));
    const root = buildProps(list, ctx);
    const single = meshes(buildProps([prop('one', 'chair-dining')], ctx));
    const parts = meshes(root);
    expect(parts.length).toBe(single.length);
    for (const p of parts) {
      expect((p as InstancedMesh).isInstancedMesh).toBe(true);
      expect((p as InstancedMesh).count).toBe(30);
      expect(p.userData.instanceItems).toEqual(list.map((l) => l.id));
    }
    const box = new Box3().setFromObject(root);
    expect(box.max.x - box.min.x).toBeGreaterThan(29);
  });

  it('shows a visible placeholder and warns for an unknown propId, and keeps going', () => {
    const { ctx, tracker, warn } = ctxWith();
    tracker.addItems(3);
    const root = buildProps([prop('x', 'no-such-prop'), prop('y', 'no-such-prop', 2), prop('z', 'pedestal', 4)], ctx);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no-such-prop'), 'x');
    const placeholders = root.children.filter((c) => c.userData.placeholder);
    expect(placeholders.map((p) => p.userData.item.itemId)).toEqual(['x', 'y']);
    expect(meshes(placeholders[0]!)[0]!.visible).toBe(true);
    expect(root.children.some((c) => c.name === 'props:z')).toBe(true);
    expect(tracker.complete).toBe(true);
  });
});
