import type { LoadProgress } from '../core/types.ts';

/**
 * Adds up real bytes and items across every asset request. Item totals are known up front
 * (one per document item); byte totals grow as responses announce their Content-Length.
 */
export class ProgressTracker {
  #items = 0;
  #done = 0;
  #bytes = new Map<number, { loaded: number; total: number }>();
  #nextId = 0;
  #onChange: (p: LoadProgress, arrived: boolean) => void;

  /**
   * `onChange` hears every change; `arrived` is true when an item finished (something new to show),
   * false when bytes streamed in or items were counted, which change nothing on screen.
   */
  constructor(onChange: (p: LoadProgress, arrived: boolean) => void) {
    this.#onChange = onChange;
  }

  addItems(n: number): void {
    this.#items += n;
    this.#emit(false);
  }

  itemDone(): void {
    this.#done = Math.min(this.#items, this.#done + 1);
    this.#emit(true);
  }

  /** One network request: report bytes as they stream in. */
  request(): (loaded: number, total: number) => void {
    const id = this.#nextId++;
    this.#bytes.set(id, { loaded: 0, total: 0 });
    return (loaded, total) => {
      this.#bytes.set(id, { loaded, total: Math.max(total, loaded) });
      this.#emit(false);
    };
  }

  snapshot(): LoadProgress {
    let loadedBytes = 0, totalBytes = 0;
    for (const b of this.#bytes.values()) { loadedBytes += b.loaded; totalBytes += b.total; }
    return { loadedBytes, totalBytes, loadedItems: this.#done, totalItems: this.#items };
  }

  get complete(): boolean {
    return this.#done >= this.#items;
  }

  #emit(arrived: boolean) {
    this.#onChange(this.snapshot(), arrived);
  }
}

/** fetch() that streams the body so byte progress is real, not a spinner. */
export async function fetchWithProgress(url: string, onBytes: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<ArrayBuffer> {
  const res = await fetch(url, signal ? { signal } : {});
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.body) {
    const buf = await res.arrayBuffer();
    onBytes(buf.byteLength, buf.byteLength);
    return buf;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onBytes(loaded, total);
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  onBytes(loaded, Math.max(total, loaded));
  return out.buffer;
}
