import type { CameraMode } from '../core/types.ts';
import { KeyboardState, keyboardIntent, type MoveIntent } from './input.ts';
import { TouchJoystick } from './touch.ts';

const DRAG_THRESHOLD_PX = 5;

/** What the input controller reports to the engine. */
export interface InputHandlers {
  cameraMode(): CameraMode;
  /** Turn the view by a mouse/touch delta in pixels. */
  look(dx: number, dy: number): void;
  /** A click without drag; `center` when the pointer is locked (aim at the middle of the view). */
  click(x: number, y: number, center: boolean, additive: boolean): void;
  jump(): void;
  /** Any pointer, wheel or key event: the on-demand renderer draws the next frame. */
  anyInput(): void;
  /** First interaction with the page: browsers allow audio from now on. */
  unlockAudio(): void;
  pointerLockChanged(locked: boolean): void;
}

/**
 * Keyboard, mouse, touch joystick and pointer lock on the engine's canvas. It turns raw events into
 * intents (walk, look, click, jump); what they do is the engine's business.
 */
export class InputController {
  readonly keyboard: KeyboardState;
  #canvas: HTMLCanvasElement;
  #container: HTMLElement;
  #h: InputHandlers;
  #joystick: TouchJoystick | null = null;
  #drag: { id: number; x: number; y: number; lastX: number; lastY: number; moved: boolean; button: number } | null = null;
  #cleanups: (() => void)[] = [];

  constructor(canvas: HTMLCanvasElement, container: HTMLElement, mobile: boolean, handlers: InputHandlers) {
    this.#canvas = canvas;
    this.#container = container;
    this.#h = handlers;
    this.keyboard = new KeyboardState(container);
    this.keyboard.enabled = false;
    this.#listen();
    if (mobile) this.#joystick = new TouchJoystick(container);
  }

  /** Walk intent: the touch joystick when pushed, else the keyboard. */
  intent(): MoveIntent {
    const j = this.#joystick?.value;
    if (j && (Math.abs(j.x) > 0.05 || Math.abs(j.y) > 0.05)) return j;
    return keyboardIntent(this.keyboard);
  }

  /** Fly up (E, Space) minus down (Q, C). */
  vertical(): number {
    return (this.keyboard.isDown('KeyE', 'Space') ? 1 : 0) - (this.keyboard.isDown('KeyQ', 'KeyC') ? 1 : 0);
  }

  /** The joystick shows for walking and flying, not for orbiting. */
  cameraModeChanged(mode: CameraMode): void {
    if (this.#joystick) this.#joystick.visible = mode !== 'orbit';
  }

  requestPointerLock(): void {
    this.#canvas.requestPointerLock?.()?.catch?.(() => {});
  }

  #on<K extends keyof HTMLElementEventMap>(el: HTMLElement | Document, name: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    el.addEventListener(name, fn as EventListener);
    this.#cleanups.push(() => el.removeEventListener(name, fn as EventListener));
  }

  #listen(): void {
    const canvas = this.#canvas, h = this.#h;
    this.keyboard.attach(window);
    // Browsers keep audio silent until the visitor interacts with the page (any control counts).
    this.#on(document, 'pointerdown', () => h.unlockAudio());
    this.#on(document, 'keydown', () => h.unlockAudio());
    this.#cleanups.push(this.keyboard.onKeyDown((code) => {
      if (code === 'Space' && h.cameraMode() === 'player') h.jump();
    }));
    this.#on(canvas, 'pointerdown', (e) => {
      canvas.focus({ preventScroll: true });
      if (e.pointerType === 'touch' && !this.#joystick && h.cameraMode() !== 'orbit') {
        this.#joystick = new TouchJoystick(this.#container);
        this.#joystick.visible = true;
      }
      this.#drag = { id: e.pointerId, x: e.clientX, y: e.clientY, lastX: e.clientX, lastY: e.clientY, moved: false, button: e.button };
    });
    for (const name of ['pointermove', 'pointerdown', 'pointerup', 'wheel', 'keydown', 'keyup'] as const) {
      this.#on(name.startsWith('key') ? document : canvas, name, () => h.anyInput());
    }
    this.#on(canvas, 'pointermove', (e) => {
      const locked = document.pointerLockElement === canvas;
      const mode = h.cameraMode();
      if (locked && mode !== 'orbit') { h.look(e.movementX, e.movementY); return; }
      const d = this.#drag;
      if (!d || d.id !== e.pointerId) return;
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) > DRAG_THRESHOLD_PX) d.moved = true;
      if (mode !== 'orbit' && d.moved) h.look(e.clientX - d.lastX, e.clientY - d.lastY);
      d.lastX = e.clientX;
      d.lastY = e.clientY;
    });
    this.#on(canvas, 'pointerup', (e) => {
      const d = this.#drag;
      this.#drag = null;
      if (!d || d.id !== e.pointerId || d.moved || d.button !== 0) return;
      const locked = document.pointerLockElement === canvas;
      h.click(locked ? 0 : e.clientX, locked ? 0 : e.clientY, locked, e.shiftKey);
    });
    const lockChange = () => h.pointerLockChanged(document.pointerLockElement === canvas);
    document.addEventListener('pointerlockchange', lockChange);
    this.#cleanups.push(() => document.removeEventListener('pointerlockchange', lockChange));
  }

  dispose(): void {
    this.#cleanups.forEach((fn) => fn());
    this.#cleanups = [];
    this.keyboard.detach();
    this.#joystick?.dispose();
  }
}
