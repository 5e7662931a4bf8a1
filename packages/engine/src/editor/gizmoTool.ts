import { Matrix4, Object3D, Quaternion, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { PlacedItem, SceneDocument, Vec3 } from '@atrium/shared';
import type { History } from './history.ts';
import { TransformItemsCommand, findItem, transformOf, type Transform } from './commands/items.ts';
import { boxScale, canonicalEuler, uniformScale } from './inspection.ts';
import { WALL_ITEM_KINDS } from './surfaceDragTool.ts';
import { snapToGrid, snapToWall } from './snapping.ts';
import type { EditorHost, EditorTools } from './tools.ts';

const GIZMO_MODE = { move: 'translate', rotate: 'rotate', scale: 'scale', boxScale: 'scale' } as const;
// Pictures and text hang on walls; dragging them near one snaps them flat against it.
const WALL_SNAPPED = WALL_ITEM_KINDS;

let gestureSeq = 0;

/**
 * The TransformControls gizmo for move/rotate/scale of one or many selected items (`EditorTools`
 * wires it): it sits on a stand-in object, and each drag of it is one gesture of
 * `TransformItemsCommand`s, so it merges into one undo step.
 */
export class GizmoTool {
  readonly #engine: EditorHost;
  readonly #history: History;
  readonly #tools: Pick<EditorTools, 'tool' | 'gridStep'>;
  #gizmo: TransformControls;
  #proxy = new Object3D();
  #drag: { gesture: string; proxyStart: Matrix4; proxyScale: Vec3; items: { id: string; kind: string; start: Transform; world: Matrix4 }[] } | null = null;

  constructor(engine: EditorHost, history: History, tools: Pick<EditorTools, 'tool' | 'gridStep'>) {
    this.#engine = engine;
    this.#history = history;
    this.#tools = tools;
    this.#gizmo = new TransformControls(engine.camera, engine.renderer.domElement);
    this.#gizmo.setSize(0.9);
    this.#proxy.name = 'editor:gizmo-target';
    this.#gizmo.addEventListener('dragging-changed', (e) => this.#onDragging(Boolean(e.value)));
    this.#gizmo.addEventListener('objectChange', () => this.#onGizmoChange());
    // Hovering a handle highlights it: the editor draws on demand, so ask for that frame.
    this.#gizmo.addEventListener('change', () => engine.invalidate());
  }

  /** What goes into the scene for the gizmo: its target, then its handles. */
  get objects(): [Object3D, Object3D] {
    return [this.#proxy, this.#gizmo.getHelper()];
  }

  /** The handle under the pointer (null when none): a press elsewhere may move the item itself. */
  get axis(): string | null {
    return this.#gizmo.axis;
  }

  /** A handle is being dragged. */
  get dragging(): boolean {
    return this.#drag !== null;
  }

  #selectedItems(doc: SceneDocument): { id: string; kind: string; item: PlacedItem }[] {
    const out: { id: string; kind: string; item: PlacedItem }[] = [];
    for (const id of this.#engine.getState().selection) {
      const found = findItem(doc, id);
      if (found) out.push({ id, kind: found.kind, item: found.item });
    }
    return out;
  }

  /** Puts the gizmo on the selection in the current tool's mode, or takes it off. */
  attach(): void {
    const tool = this.#tools.tool;
    const mode = tool in GIZMO_MODE ? GIZMO_MODE[tool as keyof typeof GIZMO_MODE] : null;
    const items = this.#selectedItems(this.#history.document);
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
    this.#gizmo.setTranslationSnap(this.#tools.gridStep > 0 ? this.#tools.gridStep : null);
    this.#gizmo.attach(this.#proxy);
  }

  #onDragging(dragging: boolean): void {
    this.#engine.setNavigationEnabled(!dragging);
    if (dragging) {
      this.#proxy.updateMatrixWorld(true);
      this.#history.seal();
      this.#drag = {
        gesture: `gizmo-${++gestureSeq}`,
        proxyStart: this.#proxy.matrixWorld.clone(),
        proxyScale: this.#proxy.scale.toArray() as Vec3,
        items: this.#selectedItems(this.#history.document).map((i) => ({
          id: i.id,
          kind: i.kind,
          start: transformOf(i.item),
          world: composeOf(transformOf(i.item)),
        })),
      };
      return;
    }
    this.#drag = null;
    this.#history.seal();
    this.attach();
  }

  #onGizmoChange(): void {
    const d = this.#drag;
    if (!d) return;
    const tool = this.#tools.tool;
    const gridStep = this.#tools.gridStep;
    if (tool === 'scale' || tool === 'boxScale') {
      const now = this.#proxy.scale.toArray() as Vec3;
      this.#proxy.scale.fromArray(tool === 'scale' ? uniformScale(d.proxyScale, now) : boxScale(now));
    }
    this.#proxy.updateMatrixWorld(true);
    // delta = now × start⁻¹, applied to each item's start matrix: works for one item or many.
    const delta = this.#proxy.matrixWorld.clone().multiply(d.proxyStart.clone().invert());
    const doc = this.#history.document;
    const changes = d.items.map((i) => {
      const to = decompose(delta.clone().multiply(i.world));
      if (d.items.length === 1 && tool === 'move' && WALL_SNAPPED.has(i.kind)) {
        const snap = snapToWall(doc, to.position, 0.4);
        if (snap) {
          to.position = snap.position;
          to.rotation = snap.rotation;
        }
      }
      if (gridStep > 0 && tool === 'move') {
        to.position = [snapToGrid(to.position[0], gridStep), to.position[1], snapToGrid(to.position[2], gridStep)];
      }
      return { id: i.id, from: i.start, to };
    });
    const cmd = new TransformItemsCommand(changes, d.gesture);
    this.#history.execute(cmd);
  }

  dispose(): void {
    this.#gizmo.detach();
    this.#gizmo.getHelper().removeFromParent();
    this.#gizmo.dispose();
    this.#proxy.removeFromParent();
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
