import {
  BufferGeometry, Line, LineBasicMaterial, Matrix4, Object3D, Plane, Quaternion, Raycaster, Vector2, Vector3, type Camera,
} from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { LEVEL_HEIGHT_M, PLACED_ITEM_KINDS, WALL_HEIGHT_M, type PlacedItem, type SceneDocument, type Vec2, type Vec3 } from '@atrium/shared';
import { Emitter } from '../core/emitter.ts';
import type { Engine } from '../engine.ts';
import type { EditScope } from './command.ts';
import type { History } from './history.ts';
import { TransformItemsCommand, findItem, transformOf, type Transform } from './commands/items.ts';
import { AddLevelCommand, AddWallCommand, spaceOf } from './commands/structure.ts';
import { SplitWallCommand, splitProblem, wallNear } from './commands/wallEdits.ts';
import { boxScale, canonicalEuler, inspectItem, inspectWallAt, uniformScale, type Inspection } from './inspection.ts';
import { estimatedBounds, footprintOf, freeSpotOnFloor, freeSpotOnWall, type Footprint, type Occupied } from './placement.ts';
import { SurfaceDragTool, WALL_ITEM_KINDS } from './surfaceDragTool.ts';
import { idsInRect, indoorFace, snapPointToGrid, snapToGrid, snapToWall, snapToWallEnds, wallSnaps } from './snapping.ts';

export type EditorTool = 'select' | 'move' | 'rotate' | 'scale' | 'boxScale' | 'boxSelect' | 'drawWall' | 'splitWall' | 'inspect';
export type EditorView = 'exterior' | 'interior';

/** What the tools tell the UI: the inspection result, a wall split, or why a click did nothing. */
export interface EditorToolEvents extends Record<string, unknown> {
  inspected: Inspection | null;
  wallSplit: { levelId: string; wallId: string; newWallId: string };
  notice: { message: string };
}

const GIZMO_MODE = { move: 'translate', rotate: 'rotate', scale: 'scale', boxScale: 'scale' } as const;
// Pictures and text hang on walls; dragging them near one snaps them flat against it.
const WALL_SNAPPED = WALL_ITEM_KINDS;
/** How far from a pointed floor point a wall item looks first for a wall to hang on. */
const WALL_REACH_FROM_FLOOR_M = 6;
/** The centre height of a picture hung from a floor point or an overview. */
const EYE_HEIGHT_M = 1.6;

/**
 * What the tools need from an engine: the browser Engine, or the headless test engine
 * (`harness/headlessEngine.ts`), which draws nothing.
 */
export type EditorHost = Pick<Engine,
  'applyEdit' | 'camera' | 'frameView' | 'getState' | 'invalidate' | 'itemBoundsOf' | 'pickAt' | 'scene' | 'select'
  | 'setClickOverride' | 'setInteriorView' | 'setNavigationEnabled' | 'subscribe'> & { readonly renderer: { readonly domElement: HTMLElement } };

let gestureSeq = 0;

/**
 * The editor's pointer tools on top of an Engine: TransformControls gizmos for move/rotate/scale of
 * one or many selected items, box selection, and placement in front of the camera. Every change is a
 * command executed on the History, so undo/redo and autosave see exactly what the user did; a drag
 * is one gesture and merges into one undo step.
 */
export class EditorTools {
  readonly engine: EditorHost;
  readonly history: History;
  readonly events = new Emitter<EditorToolEvents>();
  #gizmo: TransformControls;
  #proxy = new Object3D();
  #tool: EditorTool = 'select';
  #drag: { gesture: string; proxyStart: Matrix4; proxyScale: Vec3; items: { id: string; kind: string; start: Transform; world: Matrix4 }[] } | null = null;
  #box: { x: number; y: number; el: HTMLDivElement } | null = null;
  #cleanups: (() => void)[] = [];
  /** Grid step for moves, in metres (0 = free). */
  gridStep = 0;
  /** Grid step for wall drawing, in metres. */
  wallGridStep = 0.5;
  /** The level being edited: walls are drawn and split on it, the interior view looks into it. First level when unset. */
  wallLevelId: string | null = null;
  #view: EditorView = 'exterior';
  #wallStart: Vec2 | null = null;
  #wallPreview = new Line(new BufferGeometry(), new LineBasicMaterial({ color: '#3DABFF' }));
  #idSeq = 0;
  #pending: Set<EditScope> | null = null;
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Dragging the selected item itself along its wall or the floor, with alignment guides. */
  readonly surfaceDrag: SurfaceDragTool;

  constructor(engine: EditorHost, history: History) {
    this.engine = engine;
    this.history = history;
    const canvas = engine.renderer.domElement;
    this.#gizmo = new TransformControls(engine.camera, canvas);
    this.#gizmo.setSize(0.9);
    this.#proxy.name = 'editor:gizmo-target';
    this.#wallPreview.name = 'editor:wall-preview';
    this.#wallPreview.visible = false;
    engine.scene.add(this.#proxy, this.#gizmo.getHelper(), this.#wallPreview);
    this.#gizmo.addEventListener('dragging-changed', (e) => this.#onDragging(Boolean(e.value)));
    this.#gizmo.addEventListener('objectChange', () => this.#onGizmoChange());
    // Hovering a handle highlights it: the editor draws on demand, so ask for that frame.
    this.#gizmo.addEventListener('change', () => engine.invalidate());
    engine.setClickOverride((x, y) => this.#toolClick(x, y));
    this.surfaceDrag = new SurfaceDragTool(engine, history, () => this.levelIndex, (id) => this.#occupied(history.document).filter((o) => o.id !== id));
    this.#cleanups.push(
      engine.subscribe((s) => s.selection, () => this.#attach()),
      // The engine compares documents item by item, so what a command was does not matter here.
      history.subscribe(({ command }) => this.#queueEdit(command.scopes)),
    );
    let handingOff = false;
    const down = (e: PointerEvent) => {
      if (handingOff) return;
      const pressing = this.surfaceDrag.pressing;
      if (pressing && e.pointerId !== pressing.pointerId) {
        // A second finger: the gesture is a pinch or two-finger pan of the view, not a move. The
        // item goes back, and the first finger is handed to the camera controls (which never saw
        // it go down) so they get both fingers.
        this.surfaceDrag.cancel();
        if (pressing.touch) {
          handingOff = true;
          try {
            canvas.dispatchEvent(pointerEvent('pointerdown', { pointerId: pressing.pointerId, pointerType: 'touch', clientX: pressing.x, clientY: pressing.y }));
          } finally {
            handingOff = false;
          }
        }
        return;
      }
      this.#boxStart(e);
      this.#wallClick(e);
      // A press on the selected item itself (not on a gizmo handle) may start a move along its surface.
      if ((this.#tool === 'select' || this.#tool === 'move') && e.button === 0 && this.#gizmo.axis === null) this.surfaceDrag.press(e.clientX, e.clientY, e);
    };
    const move = (e: PointerEvent) => {
      this.#boxMove(e);
      this.#wallMove(e);
      this.surfaceDrag.moveTo(e.clientX, e.clientY, e.pointerId);
    };
    const up = (e: PointerEvent) => {
      this.#boxEnd(e);
      this.surfaceDrag.release(e.pointerId);
    };
    canvas.addEventListener('pointerdown', down, { capture: true });
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    // The browser took the touch over (a system gesture): end the move where it is.
    window.addEventListener('pointercancel', up);
    this.#cleanups.push(() => {
      engine.setClickOverride(null);
      canvas.removeEventListener('pointerdown', down, { capture: true });
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    });
    this.#attach();
  }

  /**
   * Changes reach the engine on the next task, merged: the click or key that caused them returns at
   * once, and a burst of commands (typing, a drag) rebuilds the world once.
   */
  #queueEdit(scopes: readonly EditScope[]): void {
    const p = (this.#pending ??= new Set());
    scopes.forEach((s) => p.add(s));
    if (this.#flushTimer !== null) return;
    this.#flushTimer = setTimeout(() => this.flushEdits(), 0);
  }

  /** Applies queued changes to the engine now (tests and save call it to see the current world). */
  flushEdits(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    const p = this.#pending;
    this.#pending = null;
    if (!p) return;
    this.engine.applyEdit(this.history.document, [...p]);
    // Levels added or removed move the cut of the interior view.
    if (this.#view === 'interior' && (p.has('structure') || p.has('document'))) this.setView('interior', false);
    if (!this.#drag) this.#attach();
  }

  get tool(): EditorTool {
    return this.#tool;
  }

  setTool(tool: EditorTool): void {
    this.#tool = tool;
    this.endWall();
    this.engine.setNavigationEnabled(true);
    if (tool !== 'inspect') this.events.emit('inspected', null);
    this.#attach();
    this.engine.invalidate();
  }

  get view(): EditorView {
    return this.#view;
  }

  /** Index of the level being edited in the document (0 when none is chosen or it is gone). */
  get levelIndex(): number {
    return Math.max(0, spaceOf(this.history.document).levels.findIndex((l) => l.id === this.wallLevelId));
  }

  /**
   * Exterior: the whole building from outside. Interior: the levels above the edited one and its
   * ceiling are cut away and the camera looks down into its rooms.
   */
  setView(view: EditorView, frame = true): void {
    this.#view = view;
    this.engine.setInteriorView(view === 'interior' ? this.levelIndex : null);
    if (frame) this.engine.frameView(view === 'interior' ? this.levelIndex : null);
  }

  /** Chooses the level being edited; the interior view follows it. */
  setLevel(levelId: string | null): void {
    this.wallLevelId = levelId;
    if (this.#view === 'interior') this.setView('interior', false);
  }

  /** Ends the current chain of walls (Escape, or a tool change). */
  endWall(): void {
    this.#wallStart = null;
    this.#wallPreview.visible = false;
    this.engine.invalidate();
  }

  // ---------- wall split and inspection (plain clicks; drags still move the camera) ----------

  #toolClick(clientX: number, clientY: number): boolean {
    if (this.#tool === 'splitWall') {
      this.#splitAt(clientX, clientY);
      return true;
    }
    if (this.#tool === 'inspect') {
      this.events.emit('inspected', this.inspectAt(clientX, clientY));
      return true;
    }
    return false;
  }

  /** Read-only facts about what is under a screen point: an item, or a wall of the structure. */
  inspectAt(clientX: number, clientY: number): Inspection | null {
    const hit = this.engine.pickAt(clientX, clientY);
    if (!hit) return null;
    const doc = this.history.document;
    if (hit.itemId) return inspectItem(doc, hit.itemId, this.engine.itemBoundsOf(hit.itemId));
    return inspectWallAt(doc, hit.point);
  }

  /**
   * Splits the wall under a screen point on the edited level, at the grid step along the wall
   * nearest the click (or exactly there when the grid point would cut an opening).
   */
  splitAt(clientX: number, clientY: number): void {
    this.#splitAt(clientX, clientY);
  }

  #splitAt(clientX: number, clientY: number): void {
    const levels = spaceOf(this.history.document).levels;
    const level = levels[this.levelIndex];
    const hit = this.engine.pickAt(clientX, clientY);
    const point = hit ? hit.point : this.#floorHit(clientX, clientY, level?.elevation ?? 0);
    const near = level && point ? wallNear(level, [point[0], point[2]], 0.6) : null;
    if (!level || !near) {
      this.events.emit('notice', { message: 'Click on a wall of the current level to split it' });
      return;
    }
    const snapped = snapToGrid(near.at, this.wallGridStep);
    const at = splitProblem(near.wall, snapped) === null ? snapped : near.at;
    const problem = splitProblem(near.wall, at);
    if (problem) {
      this.events.emit('notice', { message: problem });
      return;
    }
    const newWallId = `wall-${Date.now().toString(36)}-${++this.#idSeq}`;
    this.history.execute(new SplitWallCommand(level.id, near.wall.id, Math.round(at * 1e4) / 1e4, newWallId));
    this.history.seal();
    this.events.emit('wallSplit', { levelId: level.id, wallId: near.wall.id, newWallId });
  }

  #floorHit(clientX: number, clientY: number, elevation: number): Vec3 | null {
    const rect = this.engine.renderer.domElement.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), this.engine.camera);
    const hit = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -elevation), new Vector3());
    return hit ? [hit.x, hit.y, hit.z] : null;
  }

  /**
   * Where new content goes when added from a button: where the centre of the view (the crosshair)
   * points, by the same rules as `placementAt`.
   */
  placementInView(kind: string, size: Footprint = footprintOf(kind, {})): { position: Vec3; rotation: Vec3 } {
    const rect = this.engine.renderer.domElement.getBoundingClientRect();
    return this.placementAt(rect.left + rect.width / 2, rect.top + rect.height / 2, kind, size);
  }

  /**
   * Where a new item goes when dropped (or added) at a screen point: on the surface under it. Pictures,
   * texts, videos and web views hang flat on the wall pointed at (or the wall nearest a floor point),
   * at the pointed height (eye height from a floor point or from above the walls), on the room's side
   * of a wall with a room behind only one face; floor items stand on the floor or the top pointed at, in front of a wall
   * when one is pointed at. Either way the item then moves to the nearest spot that overlaps no
   * item already there (`freeSpotOnWall`, `freeSpotOnFloor`). Pointing at the sky uses the floor
   * plane of the edited level, or 3 m ahead.
   */
  placementAt(clientX: number, clientY: number, kind: string, size: Footprint = footprintOf(kind, {})): { position: Vec3; rotation: Vec3 } {
    const doc = this.history.document;
    const levels = spaceOf(doc).levels;
    const floorY = levels[this.levelIndex]?.elevation ?? this.levelIndex * LEVEL_HEIGHT_M;
    const hit = this.engine.pickAt(clientX, clientY);
    const ray = this.#rayAt(clientX, clientY);
    const dir = ray.ray.direction;
    const yaw = Math.atan2(-dir.x, -dir.z) + Math.PI;
    let point: Vec3;
    if (hit) point = hit.point;
    else {
      const floor = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -floorY), new Vector3());
      const cam = this.engine.camera.position;
      const ahead = cam.clone().add(dir.clone().setY(0).normalize().multiplyScalar(3));
      point = floor && floor.distanceTo(cam) < 40 ? [floor.x, floorY, floor.z] : [ahead.x, floorY, ahead.z];
    }
    // A face looking up is a floor or a top; anything else hit (a wall, a picture on it) is a wall.
    const upward = hit ? (hit.normal ? hit.normal[1] > 0.5 : hit.point[1] <= floorY + 0.05) : true;
    const occupied = this.#occupied(doc);
    if (WALL_SNAPPED.has(kind)) {
      // The wall pointed at; for a floor point the nearest wall (a picture never floats mid-room),
      // however far when none is near (the ground outside). When that face is full, the next
      // nearest face with room on the edited level. An outer face goes to the wall's inner face when a room is behind it
      // (`indoorFace`): from an overview the near walls show their outsides. Looking down from above
      // the walls, where a point on a wall is high up only because the view is, the item hangs at eye height.
      const overview = this.engine.camera.position.y > floorY + this.#tallestWall(doc);
      const at: Vec3 = [point[0], upward || overview ? floorY + EYE_HEIGHT_M : point[1], point[2]];
      const levelId = levels[this.levelIndex]?.id;
      // One pass over every wall: the faces within reach first, then the edited level's farther ones.
      const reach = upward ? WALL_REACH_FROM_FLOOR_M : 0.6;
      const all = wallSnaps(doc, at, Infinity);
      const faces = [...all.filter((f) => f.distance <= reach), ...all.filter((f) => f.distance > reach && f.levelId === levelId)].map((f) => indoorFace(doc, f));
      for (const face of faces) {
        const free = freeSpotOnWall(doc, face, size, occupied);
        if (free) return { position: free.position, rotation: free.rotation };
      }
      if (faces[0]) return { position: faces[0].position, rotation: faces[0].rotation };
      return { position: at, rotation: [0, yaw, 0] };
    }
    let base: Vec3 = upward ? point : [point[0], floorY, point[2]];
    if (!upward) {
      // Pointed at a wall: stand in front of it, on the floor.
      const snap = snapToWall(doc, [point[0], floorY + 0.5, point[2]], 0.6);
      if (snap) {
        const n = [Math.sin(snap.rotation[1]), Math.cos(snap.rotation[1])];
        base = [snap.position[0] + n[0]! * (size.width / 2 + 0.1), floorY, snap.position[2] + n[1]! * (size.width / 2 + 0.1)];
      }
    }
    return { position: freeSpotOnFloor(base, size, occupied), rotation: [0, yaw, 0] };
  }

  /** The height of the edited level's tallest wall (the standard height when it has none). */
  #tallestWall(doc: SceneDocument): number {
    const walls = spaceOf(doc).levels[this.levelIndex]?.walls ?? [];
    return walls.length ? Math.max(...walls.map((w) => w.height)) : WALL_HEIGHT_M;
  }

  /**
   * The world boxes of every placed item (the space new items must not overlap): as drawn, or, for an
   * item the engine has not built yet (a template still loading, an edit not yet flushed), from its
   * document size and placement.
   */
  #occupied(doc: SceneDocument): Occupied[] {
    const out: Occupied[] = [];
    for (const kind of PLACED_ITEM_KINDS) {
      for (const item of doc[kind] as readonly PlacedItem[]) {
        const box = this.engine.itemBoundsOf(item.id) ?? estimatedBounds(item, footprintOf(kind, item as unknown as Record<string, unknown>), WALL_SNAPPED.has(kind));
        out.push({ id: item.id, ...box });
      }
    }
    return out;
  }

  #rayAt(clientX: number, clientY: number): Raycaster {
    const rect = this.engine.renderer.domElement.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), this.engine.camera);
    return ray;
  }

  dispose(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#cleanups.forEach((fn) => fn());
    this.surfaceDrag.dispose();
    this.#gizmo.detach();
    this.#gizmo.getHelper().removeFromParent();
    this.#gizmo.dispose();
    this.#proxy.removeFromParent();
    this.#wallPreview.removeFromParent();
    this.#wallPreview.geometry.dispose();
    this.#box?.el.remove();
  }

  // ---------- wall drawing ----------

  /** The floor point under the pointer on the drawing level, snapped to the grid and to wall ends. */
  #floorPoint(e: PointerEvent): { p: Vec2; levelId: string; elevation: number } | null {
    const doc = this.history.document;
    const levels = spaceOf(doc).levels;
    const index = Math.max(0, levels.findIndex((l) => l.id === this.wallLevelId));
    const level = levels[index];
    const elevation = level?.elevation ?? index * LEVEL_HEIGHT_M;
    const rect = this.engine.renderer.domElement.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1), this.engine.camera);
    const hit = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -elevation), new Vector3());
    if (!hit) return null;
    const levelId = level?.id ?? 'level-1';
    const p = snapToWallEnds(doc, levelId, snapPointToGrid([hit.x, hit.z], this.wallGridStep), this.wallGridStep * 0.6);
    return { p, levelId, elevation };
  }

  #wallClick(e: PointerEvent): void {
    if (this.#tool !== 'drawWall') return;
    e.stopImmediatePropagation();
    if (e.button === 2) {
      this.endWall();
      return;
    }
    if (e.button !== 0) return;
    const at = this.#floorPoint(e);
    if (!at) return;
    const start = this.#wallStart;
    if (!start) {
      this.#wallStart = at.p;
      return;
    }
    if (Math.hypot(at.p[0] - start[0], at.p[1] - start[1]) < 0.05) return;
    let levelId = at.levelId;
    if (spaceOf(this.history.document).levels.length === 0) {
      levelId = `level-${Date.now().toString(36)}`;
      this.history.execute(new AddLevelCommand(levelId));
    }
    this.history.execute(
      new AddWallCommand(levelId, {
        id: `wall-${Date.now().toString(36)}-${++this.#idSeq}`,
        start,
        end: at.p,
        thickness: 0.2,
        height: WALL_HEIGHT_M,
        openings: [],
      }),
    );
    this.history.seal();
    this.#wallStart = at.p; // chain: the next click continues from here
  }

  #wallMove(e: PointerEvent): void {
    if (this.#tool !== 'drawWall' || !this.#wallStart) return;
    const at = this.#floorPoint(e);
    if (!at) return;
    const y = at.elevation + 0.02;
    this.#wallPreview.geometry.setFromPoints([new Vector3(this.#wallStart[0], y, this.#wallStart[1]), new Vector3(at.p[0], y, at.p[1])]);
    this.#wallPreview.visible = true;
    this.engine.invalidate();
  }

  // ---------- gizmo ----------

  #selectedItems(doc: SceneDocument): { id: string; kind: string; item: PlacedItem }[] {
    const out: { id: string; kind: string; item: PlacedItem }[] = [];
    for (const id of this.engine.getState().selection) {
      const found = findItem(doc, id);
      if (found) out.push({ id, kind: found.kind, item: found.item });
    }
    return out;
  }

  #attach(): void {
    const mode = this.#tool in GIZMO_MODE ? GIZMO_MODE[this.#tool as keyof typeof GIZMO_MODE] : null;
    const items = this.#selectedItems(this.history.document);
    if (!mode || items.length === 0) {
      this.#gizmo.detach();
      return;
    }
    // One item: the gizmo sits on it; several: on their centre, with no rotation of its own.
    if (items.length === 1) {
      const t = items[0]!.item;
      this.#proxy.position.fromArray(t.position);
      this.#proxy.rotation.set(t.rotation[0], t.rotation[1], t.rotation[2]);
      this.#proxy.scale.fromArray(t.scale);
    } else {
      const c = new Vector3();
      items.forEach((i) => c.add(new Vector3(...i.item.position)));
      this.#proxy.position.copy(c.divideScalar(items.length));
      this.#proxy.rotation.set(0, 0, 0);
      this.#proxy.scale.set(1, 1, 1);
    }
    this.#proxy.updateMatrixWorld(true);
    this.#gizmo.setMode(mode);
    this.#gizmo.setTranslationSnap(this.gridStep > 0 ? this.gridStep : null);
    this.#gizmo.attach(this.#proxy);
  }

  #onDragging(dragging: boolean): void {
    this.engine.setNavigationEnabled(!dragging);
    if (dragging) {
      this.#proxy.updateMatrixWorld(true);
      this.history.seal();
      this.#drag = {
        gesture: `gizmo-${++gestureSeq}`,
        proxyStart: this.#proxy.matrixWorld.clone(),
        proxyScale: this.#proxy.scale.toArray() as Vec3,
        items: this.#selectedItems(this.history.document).map((i) => ({
          id: i.id,
          kind: i.kind,
          start: transformOf(i.item),
          world: composeOf(transformOf(i.item)),
        })),
      };
      return;
    }
    this.#drag = null;
    this.history.seal();
    this.#attach();
  }

  #onGizmoChange(): void {
    const d = this.#drag;
    if (!d) return;
    if (this.#tool === 'scale' || this.#tool === 'boxScale') {
      const now = this.#proxy.scale.toArray() as Vec3;
      this.#proxy.scale.fromArray(this.#tool === 'scale' ? uniformScale(d.proxyScale, now) : boxScale(now));
    }
    this.#proxy.updateMatrixWorld(true);
    // delta = now × start⁻¹, applied to each item's start matrix: works for one item or many.
    const delta = this.#proxy.matrixWorld.clone().multiply(d.proxyStart.clone().invert());
    const doc = this.history.document;
    const changes = d.items.map((i) => {
      const to = decompose(delta.clone().multiply(i.world));
      if (d.items.length === 1 && this.#tool === 'move' && WALL_SNAPPED.has(i.kind)) {
        const snap = snapToWall(doc, to.position, 0.4);
        if (snap) {
          to.position = snap.position;
          to.rotation = snap.rotation;
        }
      }
      if (this.gridStep > 0 && this.#tool === 'move') {
        to.position = [snapToGrid(to.position[0], this.gridStep), to.position[1], snapToGrid(to.position[2], this.gridStep)];
      }
      return { id: i.id, from: i.start, to };
    });
    const cmd = new TransformItemsCommand(changes, d.gesture);
    this.history.execute(cmd);
  }

  // ---------- box selection ----------

  #boxStart(e: PointerEvent): void {
    if (this.#tool !== 'boxSelect' || e.button !== 0) return;
    e.stopImmediatePropagation();
    this.engine.setNavigationEnabled(false);
    const el = document.createElement('div');
    el.dataset.testid = 'box-selection';
    Object.assign(el.style, { position: 'fixed', border: '1px solid #3DABFF', background: 'rgba(61,171,255,0.15)', pointerEvents: 'none', zIndex: '5' });
    document.body.appendChild(el);
    this.#box = { x: e.clientX, y: e.clientY, el };
    this.#boxMove(e);
  }

  #boxMove(e: PointerEvent): void {
    const b = this.#box;
    if (!b) return;
    Object.assign(b.el.style, {
      left: `${Math.min(b.x, e.clientX)}px`, top: `${Math.min(b.y, e.clientY)}px`,
      width: `${Math.abs(e.clientX - b.x)}px`, height: `${Math.abs(e.clientY - b.y)}px`,
    });
  }

  #boxEnd(e: PointerEvent): void {
    const b = this.#box;
    if (!b) return;
    this.#box = null;
    b.el.remove();
    this.engine.setNavigationEnabled(true);
    const rect = this.engine.renderer.domElement.getBoundingClientRect();
    const doc = this.history.document;
    const points = PLACED_ITEM_KINDS.flatMap((k) => (doc[k] as readonly PlacedItem[]).map((i) => project(i, this.engine.camera, rect)));
    const ids = idsInRect(points, { x1: b.x, y1: b.y, x2: e.clientX, y2: e.clientY });
    const current = this.engine.getState().selection;
    this.engine.select(e.shiftKey ? [...current, ...ids] : ids);
  }
}

function composeOf(t: Transform): Matrix4 {
  const q = new Quaternion().setFromEuler(new Object3D().rotation.set(t.rotation[0], t.rotation[1], t.rotation[2]));
  return new Matrix4().compose(new Vector3(...t.position), q, new Vector3(...t.scale));
}

function decompose(m: Matrix4): Transform {
  const p = new Vector3();
  const q = new Quaternion();
  const s = new Vector3();
  m.decompose(p, q, s);
  const o = new Object3D();
  o.quaternion.copy(q);
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    position: [round(p.x), round(p.y), round(p.z)],
    rotation: canonicalEuler([o.rotation.x, o.rotation.y, o.rotation.z]).map(round) as Vec3,
    scale: [round(s.x), round(s.y), round(s.z)],
  };
}

function project(item: PlacedItem, camera: Camera, rect: DOMRect) {
  const v = new Vector3(...item.position).project(camera);
  return {
    id: item.id,
    x: rect.left + ((v.x + 1) / 2) * rect.width,
    y: rect.top + ((1 - v.y) / 2) * rect.height,
    visible: v.z > -1 && v.z < 1,
  };
}

/** A pointer event to re-send to the canvas (an Event with the same fields where PointerEvent is missing, as in Node). */
function pointerEvent(type: string, init: { pointerId: number; pointerType: string; clientX: number; clientY: number }): Event {
  const fields = { ...init, isPrimary: true, button: 0, buttons: 1 };
  const flags = { bubbles: true, cancelable: true };
  return typeof PointerEvent === 'function' ? new PointerEvent(type, { ...flags, ...fields }) : Object.assign(new Event(type, flags), fields);
}
