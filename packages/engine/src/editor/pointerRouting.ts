import type { SurfaceDragTool } from './surfaceDragTool.ts';

/** What each tool does with the canvas's pointer events, in the order `routePointers` calls them. */
export interface PointerRoutes {
  /** The surface drag, which a second finger cancels and hands over to the camera. */
  readonly surfaceDrag: SurfaceDragTool;
  /** A first press on the canvas (not a second finger). */
  down(e: PointerEvent): void;
  /** Any pointer move in the window. */
  move(e: PointerEvent): void;
  /** Any pointer release or cancel in the window. */
  up(e: PointerEvent): void;
}

/**
 * Listens to the canvas (press, captured ahead of the camera controls) and the window (move,
 * release) for the editor's tools; returns the function that stops listening.
 */
export function routePointers(canvas: HTMLElement, routes: PointerRoutes): () => void {
  const { surfaceDrag } = routes;
  let handingOff = false;
  const down = (e: PointerEvent) => {
    if (handingOff) return;
    const pressing = surfaceDrag.pressing;
    if (pressing && e.pointerId !== pressing.pointerId) {
      // A second finger: the gesture is a pinch or two-finger pan of the view, not a move. The
      // item goes back, and the first finger is handed to the camera controls (which never saw
      // it go down) so they get both fingers.
      surfaceDrag.cancel();
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
    routes.down(e);
  };
  const move = (e: PointerEvent) => routes.move(e);
  const up = (e: PointerEvent) => routes.up(e);
  canvas.addEventListener('pointerdown', down, { capture: true });
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  // The browser took the touch over (a system gesture): end the move where it is.
  window.addEventListener('pointercancel', up);
  return () => {
    canvas.removeEventListener('pointerdown', down, { capture: true });
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
  };
}

/** A pointer event to re-send to the canvas (an Event with the same fields where PointerEvent is missing, as in Node). */
function pointerEvent(type: string, init: { pointerId: number; pointerType: string; clientX: number; clientY: number }): Event {
  const fields = { ...init, isPrimary: true, button: 0, buttons: 1 };
  const flags = { bubbles: true, cancelable: true };
  return typeof PointerEvent === 'function' ? new PointerEvent(type, { ...flags, ...fields }) : Object.assign(new Event(type, flags), fields);
}
