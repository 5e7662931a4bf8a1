import { BufferGeometry, Float32BufferAttribute, LineBasicMaterial, LineSegments, Raycaster, Vector2 } from 'three';
import { findItem, transformOf, TransformItemsCommand, type Transform } from './commands/items.ts';
import type { History } from './history.ts';
import type { Occupied } from './placement.ts';
import { snapToWall } from './snapping.ts';
import { dragOnFloor, dragOnWall, type Guide, type Ray3, type SurfaceMove } from './surfaceDrag.ts';
import type { EditorHost } from './tools.ts';

/** Item kinds that hang on walls and so slide along them. */
export const WALL_ITEM_KINDS: ReadonlySet<string> = new Set(['pictures', 'texts3d', 'videos', 'webViews3d']);
/**
 * The pointer must move this far (px) before a press on the selected item becomes a move; a finger
 * wobbles more than a mouse, so a tap stays a tap.
 */
const DRAG_START_PX = { mouse: 4, touch: 10 } as const;

let seq = 0;

interface Drag {
  id: string;
  /** The pointer (mouse, pen or one finger) that pressed: other pointers neither move nor end the drag. */
  pointerId: number;
  touch: boolean;
  /** Where that pointer is now, to hand it to the camera when the gesture turns into navigation. */
  lastX: number;
  lastY: number;
  start: Transform;
  x: number;
  y: number;
  moving: boolean;
  gesture: string;
  onWall: boolean;
  size: { width: number; height: number };
  grab: { u: number; y: number } | { x: number; z: number };
  extent: { minX: number; maxX: number; minZ: number; maxZ: number };
}

/**
 * Drags the selected item by itself (not a gizmo handle) along the surface it is on: a wall item
 * along its wall and onto the next wall pointed at, anything else along the floor; its edges and centre
 * snap to neighbours (`surfaceDrag.ts`) and the snaps show as guide lines. One drag is one undo step.
 * A press that does not move stays a plain click (it still selects).
 */
export class SurfaceDragTool {
  readonly guides: LineSegments;
  #host: EditorHost;
  #history: History;
  #levelIndex: () => number;
  #others: (exceptId: string) => Occupied[];
  #drag: Drag | null = null;

  constructor(host: EditorHost, history: History, levelIndex: () => number, others: (exceptId: string) => Occupied[]) {
    this.#host = host;
    this.#history = history;
    this.#levelIndex = levelIndex;
    this.#others = others;
    this.guides = new LineSegments(new BufferGeometry(), new LineBasicMaterial({ color: '#ff3d9a', depthTest: false, transparent: true }));
    this.guides.name = 'editor:alignment-guides';
    this.guides.renderOrder = 10;
    this.guides.visible = false;
    host.scene.add(this.guides);
  }

  get active(): boolean {
    return this.#drag?.moving ?? false;
  }

  /** The pointer pressing on the selected item now, moved or not (null when none is). */
  get pressing(): { pointerId: number; x: number; y: number; touch: boolean } | null {
    const d = this.#drag;
    return d ? { pointerId: d.pointerId, x: d.lastX, y: d.lastY, touch: d.touch } : null;
  }

  /** The guide lines drawn now (tests read them; the scene draws them). */
  shownGuides: Guide[] = [];

  /**
   * A press at a screen point: when it lands on the one selected item, a move may start. Camera
   * navigation stops for the press so dragging moves the item, not the view.
   */
  press(clientX: number, clientY: number, pointer: { pointerId?: number; pointerType?: string } = {}): boolean {
    const selection = this.#host.getState().selection;
    if (selection.length !== 1) return false;
    const hit = this.#host.pickAt(clientX, clientY);
    const id = selection[0]!;
    if (!hit || hit.itemId !== id) return false;
    const doc = this.#history.document;
    const found = findItem(doc, id);
    if (!found) return false;
    const start = transformOf(found.item);
    const box = this.#host.itemBoundsOf(id) ?? { min: start.position, max: start.position };
    const ray = this.#ray(clientX, clientY);
    const wall = WALL_ITEM_KINDS.has(found.kind) ? snapToWall(doc, start.position, 0.35) : null;
    let drag: Drag;
    const by = { pointerId: pointer.pointerId ?? 1, touch: pointer.pointerType === 'touch', lastX: clientX, lastY: clientY };
    const extent = { minX: box.min[0] - start.position[0], maxX: box.max[0] - start.position[0], minZ: box.min[2] - start.position[2], maxZ: box.max[2] - start.position[2] };
    if (wall) {
      // Width along the wall: the box's reach along the wall's direction.
      const yaw = wall.rotation[1];
      const tx = Math.cos(yaw), tz = -Math.sin(yaw);
      const width = Math.abs((box.max[0] - box.min[0]) * tx) + Math.abs((box.max[2] - box.min[2]) * tz);
      const grabbed = hit.point;
      const u = (start.position[0] - grabbed[0]) * tx + (start.position[2] - grabbed[2]) * tz;
      drag = { id, ...by, start, x: clientX, y: clientY, moving: false, gesture: '', onWall: true, size: { width, height: box.max[1] - box.min[1] }, grab: { u, y: start.position[1] - grabbed[1] }, extent };
    } else {
      const floor = this.#floorPoint(ray, start.position[1]);
      drag = { id, ...by, start, x: clientX, y: clientY, moving: false, gesture: '', onWall: false, size: { width: 0, height: 0 }, grab: floor ? { x: start.position[0] - floor[0], z: start.position[2] - floor[2] } : { x: 0, z: 0 }, extent };
    }
    this.#drag = drag;
    this.#host.setNavigationEnabled(false);
    return true;
  }

  /** The pointer moved: past a few pixels, the item follows it along its surface. */
  moveTo(clientX: number, clientY: number, pointerId?: number): SurfaceMove | null {
    const d = this.#drag;
    if (!d || (pointerId !== undefined && pointerId !== d.pointerId)) return null;
    d.lastX = clientX;
    d.lastY = clientY;
    if (!d.moving) {
      if (Math.hypot(clientX - d.x, clientY - d.y) < DRAG_START_PX[d.touch ? 'touch' : 'mouse']) return null;
      d.moving = true;
      d.gesture = `surface-drag-${++seq}`;
      this.#history.seal();
    }
    const ray = this.#ray(clientX, clientY);
    const doc = this.#history.document;
    const others = this.#others(d.id);
    const move = d.onWall
      ? dragOnWall(doc, { ray, levelIndex: this.#levelIndex(), size: d.size, grab: d.grab as { u: number; y: number }, currentY: d.start.position[1], others })
      : dragOnFloor({ ray, y: d.start.position[1], extent: d.extent, grab: d.grab as { x: number; z: number }, others });
    if (!move) return null;
    const found = findItem(doc, d.id);
    if (!found) return null;
    const now = transformOf(found.item);
    this.#history.execute(new TransformItemsCommand([{ id: d.id, from: d.start, to: { ...now, position: move.position, rotation: move.rotation ?? now.rotation } }], d.gesture));
    this.#showGuides(move.guides);
    return move;
  }

  /** The press ended: the move (if any) is one sealed undo step, the guides go. */
  release(pointerId?: number): void {
    const d = this.#drag;
    if (!d || (pointerId !== undefined && pointerId !== d.pointerId)) return;
    this.#drag = null;
    if (d.moving) this.#history.seal();
    this.#showGuides([]);
    this.#host.setNavigationEnabled(true);
  }

  /**
   * Calls the press off (a second finger came down: the gesture is a pinch or pan of the view): the
   * item goes back where it was, leaving no undo step, and navigation is on again.
   */
  cancel(): void {
    const d = this.#drag;
    if (!d) return;
    this.#drag = null;
    if (d.moving) this.#history.abandon();
    this.#showGuides([]);
    this.#host.setNavigationEnabled(true);
  }

  dispose(): void {
    this.guides.removeFromParent();
    this.guides.geometry.dispose();
    (this.guides.material as LineBasicMaterial).dispose();
  }

  #showGuides(guides: Guide[]): void {
    this.shownGuides = guides;
    this.guides.geometry.setAttribute('position', new Float32BufferAttribute(guides.flatMap((g) => [...g.from, ...g.to]), 3));
    this.guides.geometry.computeBoundingSphere();
    this.guides.visible = guides.length > 0;
    this.#host.invalidate();
  }

  #ray(clientX: number, clientY: number): Ray3 {
    const rect = this.#host.renderer.domElement.getBoundingClientRect();
    const r = new Raycaster();
    r.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), this.#host.camera);
    return { origin: r.ray.origin.toArray(), direction: r.ray.direction.toArray() };
  }

  #floorPoint(ray: Ray3, y: number): [number, number, number] | null {
    const dy = ray.direction[1];
    if (Math.abs(dy) < 1e-9) return null;
    const t = (y - ray.origin[1]) / dy;
    return t > 0 ? [ray.origin[0] + ray.direction[0] * t, y, ray.origin[2] + ray.direction[2] * t] : null;
  }
}
