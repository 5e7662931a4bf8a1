/** The slice of an Element the focus rule needs; lets the rule be tested without a DOM. */
export interface FocusLike {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);

/**
 * Spec §6: keyboard input goes to the engine unless a text-entry element outside the engine has
 * focus — typing "w" into chat must not walk the avatar. Buttons do not block.
 */
export function keyboardBlockedBy(active: FocusLike | null | undefined, insideEngine: boolean): boolean {
  if (!active || insideEngine) return false;
  const tag = (active.tagName ?? '').toUpperCase();
  if (active.isContentEditable) return true;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !BUTTON_INPUT_TYPES.has((active.type ?? 'text').toLowerCase());
  return false;
}

// Keys the engine consumes, so the page does not scroll while walking.
const CONSUMED = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space']);

/** Pressed-key state by KeyboardEvent.code, ignoring input while the rule above blocks it. */
export class KeyboardState {
  readonly pressed = new Set<string>();
  #onKey = new Set<(code: string, e: KeyboardEvent) => void>();
  #target: Window | null = null;
  #container: HTMLElement;
  enabled = true;

  constructor(container: HTMLElement) {
    this.#container = container;
  }

  attach(target: Window): void {
    this.#target = target;
    target.addEventListener('keydown', this.#down);
    target.addEventListener('keyup', this.#up);
    target.addEventListener('blur', this.#clear);
  }

  detach(): void {
    this.#target?.removeEventListener('keydown', this.#down);
    this.#target?.removeEventListener('keyup', this.#up);
    this.#target?.removeEventListener('blur', this.#clear);
    this.#target = null;
    this.pressed.clear();
  }

  onKeyDown(fn: (code: string, e: KeyboardEvent) => void): () => void {
    this.#onKey.add(fn);
    return () => this.#onKey.delete(fn);
  }

  isDown(...codes: string[]): boolean {
    return codes.some((c) => this.pressed.has(c));
  }

  #blocked(): boolean {
    const active = document.activeElement as (HTMLElement & FocusLike) | null;
    return !this.enabled || keyboardBlockedBy(active, !!active && this.#container.contains(active));
  }

  #down = (e: KeyboardEvent) => {
    if (this.#blocked()) { this.pressed.clear(); return; }
    if (CONSUMED.has(e.code)) e.preventDefault();
    const repeat = this.pressed.has(e.code);
    this.pressed.add(e.code);
    if (!repeat) this.#onKey.forEach((fn) => fn(e.code, e));
  };

  #up = (e: KeyboardEvent) => {
    this.pressed.delete(e.code);
  };

  #clear = () => this.pressed.clear();
}

/** Movement intent from keys or the touch joystick: x strafe right, y forward, each -1..1. */
export interface MoveIntent { x: number; y: number; run: boolean }

export function keyboardIntent(k: KeyboardState): MoveIntent {
  const f = (k.isDown('KeyW', 'ArrowUp') ? 1 : 0) - (k.isDown('KeyS', 'ArrowDown') ? 1 : 0);
  const r = (k.isDown('KeyD', 'ArrowRight') ? 1 : 0) - (k.isDown('KeyA', 'ArrowLeft') ? 1 : 0);
  return { x: r, y: f, run: k.isDown('ShiftLeft', 'ShiftRight') };
}
