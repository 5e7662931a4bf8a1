import type { Vec3 } from '@atrium/shared';
import { Emitter } from '../core/emitter.ts';
import type { Engine } from '../engine.ts';
import type { EditScope } from './command.ts';
import type { History } from './history.ts';
import { spaceOf } from './commands/structure.ts';
import { BoxSelectTool } from './boxSelectTool.ts';
import { GizmoTool } from './gizmoTool.ts';
import { inspectItem, inspectWallAt, type Inspection } from './inspection.ts';
import { footprintOf, type Footprint } from './placement.ts';
import { occupiedBoxes, placementAt } from './placementAt.ts';
import { routePointers } from './pointerRouting.ts';
import { SurfaceDragTool } from './surfaceDragTool.ts';
import { WallTool } from './wallTool.ts';

export type EditorTool = 'select' | 'move' | 'rotate' | 'scale' | 'boxScale' | 'boxSelect' | 'drawWall' | 'splitWall' | 'inspect';
export type EditorView = 'exterior' | 'interior';

/** What the tools tell the UI: the inspection result, a wall split, or why a click did nothing. */
export interface EditorToolEvents extends Record<string, unknown> {
  inspected: Inspection | null;
  wallSplit: { levelId: string; wallId: string; newWallId: string };
  notice: { message: string };
}

/**
 * What the tools need from an engine: the browser Engine, or the headless test engine
 * (`harness/headlessEngine.ts`), which draws nothing.
 */
export type EditorHost = Pick<Engine,
  'applyEdit' | 'camera' | 'frameView' | 'getState' | 'invalidate' | 'itemBoundsOf' | 'pickAt' | 'scene' | 'select'
  | 'setClickOverride' | 'setInteriorView' | 'setNavigationEnabled' | 'subscribe'> & { readonly renderer: { readonly domElement: HTMLElement } };

/**
 * The editor's pointer tools on top of an Engine: TransformControls gizmos for move/rotate/scale of
 * one or many selected items (`gizmoTool.ts`), box selection (`boxSelectTool.ts`), wall drawing and
 * splitting (`wallTool.ts`), and placement in front of the camera (`placementAt.ts`). This class
 * holds the tool, view and level state, routes pointer events to the tools (`pointerRouting.ts`) and
 * carries history changes to the engine. Every change is a command executed on the History, so
 * undo/redo and autosave see exactly what the user did; a drag is one gesture and merges into one
 * undo step.
 */
export class EditorTools {
  readonly engine: EditorHost;
  readonly history: History;
  readonly events = new Emitter<EditorToolEvents>();
  #gizmo: GizmoTool;
  #boxSelect: BoxSelectTool;
  #walls: WallTool;
  #tool: EditorTool = 'select';
  #cleanups: (() => void)[] = [];
  /** Grid step for moves, in metres (0 = free). */
  gridStep = 0;
  /** Grid step for wall drawing, in metres. */
  wallGridStep = 0.5;
  /** The level being edited: walls are drawn and split on it, the interior view looks into it. First level when unset. */
  wallLevelId: string | null = null;
  #view: EditorView = 'exterior';
  #pending: Set<EditScope> | null = null;
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Dragging the selected item itself along its wall or the floor, with alignment guides. */
  readonly surfaceDrag: SurfaceDragTool;

  constructor(engine: EditorHost, history: History) {
    this.engine = engine;
    this.history = history;
    const canvas = engine.renderer.domElement;
    this.#gizmo = new GizmoTool(engine, history, this);
    this.#walls = new WallTool(engine, history, this);
    this.#boxSelect = new BoxSelectTool(engine, history, this);
    engine.scene.add(...this.#gizmo.objects, this.#walls.preview);
    engine.setClickOverride((x, y) => this.#toolClick(x, y));
    this.surfaceDrag = new SurfaceDragTool(engine, history, () => this.levelIndex, (id) => occupiedBoxes(engine, history.document).filter((o) => o.id !== id));
    this.#cleanups.push(
      engine.subscribe((s) => s.selection, () => this.#gizmo.attach()),
      // The engine compares documents item by item, so what a command was does not matter here.
      history.subscribe(({ command }) => this.#queueEdit(command.scopes)),
    );
    const stopRouting = routePointers(canvas, {
      surfaceDrag: this.surfaceDrag,
      down: (e) => {
        this.#boxSelect.start(e);
        this.#walls.click(e);
        // A press on the selected item itself (not on a gizmo handle) may start a move along its surface.
        if ((this.#tool === 'select' || this.#tool === 'move') && e.button === 0 && this.#gizmo.axis === null) this.surfaceDrag.press(e.clientX, e.clientY, e);
      },
      move: (e) => {
        this.#boxSelect.move(e);
        this.#walls.move(e);
        this.surfaceDrag.moveTo(e.clientX, e.clientY, e.pointerId);
      },
      up: (e) => {
        this.#boxSelect.end(e);
        this.surfaceDrag.release(e.pointerId);
      },
    });
    this.#cleanups.push(() => {
      engine.setClickOverride(null);
      stopRouting();
    });
    this.#gizmo.attach();
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
    if (!this.#gizmo.dragging) this.#gizmo.attach();
  }

  get tool(): EditorTool {
    return this.#tool;
  }

  setTool(tool: EditorTool): void {
    this.#tool = tool;
    this.endWall();
    this.engine.setNavigationEnabled(true);
    if (tool !== 'inspect') this.events.emit('inspected', null);
    this.#gizmo.attach();
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
    this.#walls.end();
  }

  // ---------- wall split and inspection (plain clicks; drags still move the camera) ----------

  #toolClick(clientX: number, clientY: number): boolean {
    if (this.#tool === 'splitWall') {
      this.#walls.splitAt(clientX, clientY);
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
    this.#walls.splitAt(clientX, clientY);
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
   * Where a new item goes when dropped (or added) at a screen point: on the surface under it, on the
   * edited level, clear of the items already there (the rules are in `placementAt.ts`).
   */
  placementAt(clientX: number, clientY: number, kind: string, size: Footprint = footprintOf(kind, {})): { position: Vec3; rotation: Vec3 } {
    return placementAt(this.engine, this.history.document, this.levelIndex, clientX, clientY, kind, size);
  }

  dispose(): void {
    if (this.#flushTimer !== null) clearTimeout(this.#flushTimer);
    this.#cleanups.forEach((fn) => fn());
    this.surfaceDrag.dispose();
    this.#gizmo.dispose();
    this.#walls.dispose();
    this.#boxSelect.dispose();
  }
}
