/** A minimal typed event emitter: event name → payload type. Listeners never throw into the loop. */
export class Emitter<Events extends Record<string, unknown>> {
  #listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(name: K, listener: (payload: Events[K]) => void): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => this.off(name, listener);
  }

  once<K extends keyof Events>(name: K, listener: (payload: Events[K]) => void): () => void {
    const off = this.on(name, (p) => { off(); listener(p); });
    return off;
  }

  off<K extends keyof Events>(name: K, listener: (payload: Events[K]) => void): void {
    this.#listeners.get(name)?.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const l of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (l as (p: Events[K]) => void)(payload);
      } catch (err) {
        // A broken UI listener must not stop rendering or other listeners.
        console.error(`[engine] listener for "${String(name)}" threw`, err);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
