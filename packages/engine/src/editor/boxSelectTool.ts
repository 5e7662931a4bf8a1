import { Vector3, type Camera } from 'three';
import { PLACED_ITEM_KINDS, type PlacedItem } from '@atrium/shared';
import type { History } from './history.ts';
import { idsInRect } from './snapping.ts';
import type { EditorHost, EditorTools } from './tools.ts';

/**
 * Box selection (`EditorTools` wires it): with the Box select tool a drag draws a rectangle over the
 * canvas and selects the items whose centres fall inside it (Shift adds to the selection).
 */
export class BoxSelectTool {
  readonly #engine: EditorHost;
  readonly #history: History;
  readonly #tools: Pick<EditorTools, 'tool'>;
  #box: { x: number; y: number; el: HTMLDivElement } | null = null;

  constructor(engine: EditorHost, history: History, tools: Pick<EditorTools, 'tool'>) {
    this.#engine = engine;
    this.#history = history;
    this.#tools = tools;
  }

  start(e: PointerEvent): void {
    if (this.#tools.tool !== 'boxSelect' || e.button !== 0) return;
    e.stopImmediatePropagation();
    this.#engine.setNavigationEnabled(false);
    const el = document.createElement('div');
    el.dataset.testid = 'box-selection';
    Object.assign(el.style, { position: 'fixed', border: '1px solid #3DABFF', background: 'rgba(61,171,255,0.15)', pointerEvents: 'none', zIndex: '5' });
    document.body.appendChild(el);
    this.#box = { x: e.clientX, y: e.clientY, el };
    this.move(e);
  }

  move(e: PointerEvent): void {
    const b = this.#box;
    if (!b) return;
    Object.assign(b.el.style, {
      left: `${Math.min(b.x, e.clientX)}px`, top: `${Math.min(b.y, e.clientY)}px`,
      width: `${Math.abs(e.clientX - b.x)}px`, height: `${Math.abs(e.clientY - b.y)}px`,
    });
  }

  end(e: PointerEvent): void {
    const b = this.#box;
    if (!b) return;
    this.#box = null;
    b.el.remove();
    this.#engine.setNavigationEnabled(true);
    const rect = this.#engine.renderer.domElement.getBoundingClientRect();
    const doc = this.#history.document;
    const points = PLACED_ITEM_KINDS.flatMap((k) => (doc[k] as readonly PlacedItem[]).map((i) => project(i, this.#engine.camera, rect)));
    const ids = idsInRect(points, { x1: b.x, y1: b.y, x2: e.clientX, y2: e.clientY });
    const current = this.#engine.getState().selection;
    this.#engine.select(e.shiftKey ? [...current, ...ids] : ids);
  }

  dispose(): void {
    this.#box?.el.remove();
  }
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
