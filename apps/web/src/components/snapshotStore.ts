import type { Observable } from './currentStore.ts';

/**
 * The state a viewer-wide session (realtime, voice, broadcast, gatherings) shows React: an immutable
 * snapshot replaced on each change, and listeners told after every replacement.
 */
export class SnapshotStore<S extends object> implements Observable<S> {
  protected state: S;
  private readonly listeners = new Set<() => void>();

  constructor(initial: S) {
    this.state = initial;
  }

  get snapshot(): S {
    return this.state;
  }

  readonly subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };

  protected set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((fn) => fn());
  }

  /** On dispose: nobody is told anything more. */
  protected forgetListeners(): void {
    this.listeners.clear();
  }
}
