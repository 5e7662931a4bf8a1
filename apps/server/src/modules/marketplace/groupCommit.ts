export interface GroupCommitOptions<T, R> {
  /** Runs one batch in one database call and answers each item, in the order given. */
  run: (items: T[]) => Promise<R[]>;
  /** Items with the same key (one person's purchases) run in arrival order and never in two batches at once. */
  keyOf: (item: T) => string;
  maxBatch: number;
  /** Batches running at the same time; what arrives meanwhile waits and goes out together. */
  maxInFlight: number;
}

interface Waiting<T, R> {
  item: T;
  key: string;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: items submitted while `maxInFlight` batches are already running wait and then go
 * out together, up to `maxBatch` per call, so a burst of purchases by different people shares round
 * trips and commits instead of queueing one transaction each for the pool. With nothing running, an
 * item goes out on the next turn of the event loop, alone or with whatever arrived in the same turn.
 * One key's items keep their order: a key with a batch running stays out of the next batch until
 * that one has answered (so one person never holds two connections, waiting on their own wallet row).
 */
export class GroupCommit<T, R> {
  private readonly o: GroupCommitOptions<T, R>;
  private waiting: Waiting<T, R>[] = [];
  private readonly running = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  constructor(o: GroupCommitOptions<T, R>) {
    if (o.maxBatch < 1 || o.maxInFlight < 1) throw new Error('maxBatch and maxInFlight must be at least 1');
    this.o = o;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, key: this.o.keyOf(item), resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  private pump() {
    while (this.inFlight < this.o.maxInFlight && this.waiting.length > 0) {
      const batch: Waiting<T, R>[] = [];
      const rest: Waiting<T, R>[] = [];
      const keys = new Set<string>();
      for (const w of this.waiting) {
        // Once the batch is full nothing more joins, so a key's later items never overtake its earlier ones.
        if (batch.length < this.o.maxBatch && !this.running.has(w.key)) {
          batch.push(w);
          keys.add(w.key);
        } else rest.push(w);
      }
      if (batch.length === 0) return;
      this.waiting = rest;
      for (const k of keys) this.running.add(k);
      this.inFlight++;
      void this.send(batch, keys);
    }
  }

  private async send(batch: Waiting<T, R>[], keys: Set<string>) {
    try {
      const answers = await this.o.run(batch.map((w) => w.item));
      if (answers.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${answers.length} answers`);
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      this.inFlight--;
      for (const k of keys) this.running.delete(k);
      this.pump();
    }
  }
}
