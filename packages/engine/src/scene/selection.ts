import { Box3, Box3Helper, Color, Group, Matrix4, Raycaster, Vector2, type Camera, type InstancedMesh, type Intersection, type Object3D } from 'three';
import type { Vec3 } from '@atrium/shared';
import { itemTagOf } from '../items/context.ts';

export interface SelectionOptions {
  camera: Camera;
  /** What can be picked (items, structure). */
  roots(): Object3D[];
  /** The drawn object of an item id. */
  objectOf(id: string): Object3D | undefined;
  /** The canvas rectangle client coordinates are relative to. */
  rect(): { left: number; top: number; width: number; height: number };
  /** Nothing above this height can be picked (the interior view). */
  cutHeight(): number;
}

/**
 * Picking and the selection's outline: rays from screen points to items (instanced items resolve
 * to their own id), item bounds as drawn, and a box helper around each selected item.
 */
/** A pick: the item hit (null for the building), the world point and, when known, the face's world normal. */
export interface PickHit { itemId: string | null; point: Vec3; normal?: Vec3 }

export class Selection {
  readonly helpers = new Group();
  #o: SelectionOptions;
  #raycaster = new Raycaster();

  constructor(options: SelectionOptions) {
    this.#o = options;
    this.helpers.name = 'selection';
  }

  /** The nearest visible hit under a client point (or the view's centre), below the cut. */
  pick(clientX: number, clientY: number, center: boolean): Intersection | null {
    const rect = this.#o.rect();
    const ndc = center ? new Vector2(0, 0) : new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.#raycaster.setFromCamera(ndc, this.#o.camera);
    const hits = this.#raycaster.intersectObjects(this.#o.roots(), true);
    const cut = this.#o.cutHeight();
    return hits.find((h) => h.point.y <= cut && visibleInScene(h.object)) ?? null;
  }

  /** The item id a hit belongs to (an instance's own id for instanced items). */
  static idOf(hit: Intersection): string | null {
    let id = itemTagOf(hit.object)?.itemId ?? null;
    const ids = hit.object.userData.instanceItems as string[] | undefined;
    if (ids && hit.instanceId !== undefined) id = ids[hit.instanceId] ?? id;
    return id;
  }

  /** What is under a screen point: the item (null for the building), the point, and the face's world normal when known. */
  pickAt(clientX: number, clientY: number): PickHit | null {
    const hit = this.pick(clientX, clientY, false);
    if (!hit) return null;
    const out: PickHit = { itemId: Selection.idOf(hit), point: [hit.point.x, hit.point.y, hit.point.z] };
    if (hit.face) {
      // Face normals are in the mesh's space; placement needs to know floor from wall in the world.
      const n = hit.face.normal.clone().transformDirection(hit.object.matrixWorld);
      out.normal = [n.x, n.y, n.z];
    }
    return out;
  }

  /** Outlines the items that exist and returns their ids, without repeats. */
  show(ids: readonly string[]): string[] {
    const unique = [...new Set(ids)].filter((id) => this.#o.objectOf(id));
    this.helpers.clear();
    for (const id of unique) {
      const box = this.bounds(id);
      if (!box.isEmpty()) this.helpers.add(new Box3Helper(box, new Color('#3DABFF')));
    }
    return unique;
  }

  /** World bounds of one item; for instanced items (props, pictures) only that item's instance. */
  bounds(id: string): Box3 {
    const obj = this.#o.objectOf(id);
    if (!obj) return new Box3();
    const index = (obj.userData.instanceItems as string[] | undefined)?.indexOf(id) ?? -1;
    if (index < 0) return new Box3().setFromObject(obj);
    const box = new Box3();
    obj.parent?.traverse((o) => {
      const inst = o as InstancedMesh;
      const i = (o.userData.instanceItems as string[] | undefined)?.indexOf(id) ?? -1;
      if (!inst.isInstancedMesh || i < 0) return;
      inst.geometry.computeBoundingBox();
      const m = new Matrix4();
      inst.getMatrixAt(i, m);
      box.union(inst.geometry.boundingBox!.clone().applyMatrix4(m.premultiply(inst.matrixWorld)));
    });
    return box;
  }
}

/** An object and all its parents are visible (hidden levels in the interior view stay unpickable). */
function visibleInScene(o: Object3D): boolean {
  for (let p: Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}
