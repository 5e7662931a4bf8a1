import type { MoveIntent } from './input.ts';

const BASE = 120;
const KNOB = 52;

/**
 * On-screen joystick for phones, built as plain DOM inside the engine container (no UI framework).
 * Looking is handled by the engine's ordinary drag-look on the canvas, which works for touch too.
 */
export class TouchJoystick {
  readonly element: HTMLDivElement;
  #knob: HTMLDivElement;
  #pointer: number | null = null;
  #cx = 0;
  #cy = 0;
  value: MoveIntent = { x: 0, y: 0, run: false };

  constructor(container: HTMLElement) {
    const base = document.createElement('div');
    base.dataset.engine = 'joystick';
    Object.assign(base.style, {
      position: 'absolute', left: '24px', bottom: '24px', width: `${BASE}px`, height: `${BASE}px`,
      borderRadius: '50%', background: 'rgba(255,255,255,0.18)', border: '2px solid rgba(255,255,255,0.5)',
      touchAction: 'none', userSelect: 'none', zIndex: '2', display: 'none',
    });
    const knob = document.createElement('div');
    Object.assign(knob.style, {
      position: 'absolute', left: `${(BASE - KNOB) / 2}px`, top: `${(BASE - KNOB) / 2}px`, width: `${KNOB}px`, height: `${KNOB}px`,
      borderRadius: '50%', background: 'rgba(255,255,255,0.75)', pointerEvents: 'none',
    });
    base.appendChild(knob);
    container.appendChild(base);
    this.element = base;
    this.#knob = knob;
    base.addEventListener('pointerdown', this.#down);
    base.addEventListener('pointermove', this.#move);
    base.addEventListener('pointerup', this.#up);
    base.addEventListener('pointercancel', this.#up);
  }

  set visible(v: boolean) {
    this.element.style.display = v ? 'block' : 'none';
  }

  #down = (e: PointerEvent) => {
    e.stopPropagation();
    this.#pointer = e.pointerId;
    this.element.setPointerCapture(e.pointerId);
    const r = this.element.getBoundingClientRect();
    this.#cx = r.left + r.width / 2;
    this.#cy = r.top + r.height / 2;
    this.#move(e);
  };

  #move = (e: PointerEvent) => {
    if (e.pointerId !== this.#pointer) return;
    e.stopPropagation();
    const max = (BASE - KNOB) / 2;
    let dx = e.clientX - this.#cx, dy = e.clientY - this.#cy;
    const len = Math.hypot(dx, dy);
    if (len > max) { dx *= max / len; dy *= max / len; }
    this.#knob.style.transform = `translate(${dx}px, ${dy}px)`;
    // Pushing to the rim runs, as on console sticks.
    this.value = { x: dx / max, y: -dy / max, run: len > max * 1.4 };
  };

  #up = (e: PointerEvent) => {
    if (e.pointerId !== this.#pointer) return;
    this.#pointer = null;
    this.#knob.style.transform = '';
    this.value = { x: 0, y: 0, run: false };
  };

  dispose(): void {
    this.element.remove();
  }
}
