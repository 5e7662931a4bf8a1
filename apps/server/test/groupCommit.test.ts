import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../src/modules/marketplace/groupCommit.ts';

interface Item {
  key: string;
  n: number;
}

/** A GroupCommit whose batches answer only when the test releases them, recording what each held. */
function harness(maxBatch: number, maxInFlight: number) {
  const batches: Item[][] = [];
  const release: (() => void)[] = [];
  let running = 0;
  let maxRunning = 0;
  const g = new GroupCommit<Item, string>({
    run: async (items) => {
      batches.push(items);
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise<void>((r) => release.push(r));
      running--;
      if (items.some((i) => i.key === 'boom')) throw new Error('batch failed');
      return items.map((i) => `${i.key}${i.n}`);
    },
    keyOf: (i) => i.key,
    maxBatch,
    maxInFlight,
  });
  const turn = () => new Promise((r) => setImmediate(r));
  /** Lets every batch sent so far answer, until nothing is left running. */
  const drain = async () => {
    for (let i = 0; i < 100; i++) {
      await turn();
      if (release.length === 0) return;
      release.splice(0).forEach((r) => r());
    }
  };
  return { g, batches, drain, turn, maxRunning: () => maxRunning };
}

describe('GroupCommit (purchases that arrive together share one database call)', () => {
  it('sends what arrives in the same turn as one batch, and answers each item its own answer', async () => {
    const { g, batches, drain } = harness(64, 3);
    const answers = Promise.all(['a', 'b', 'c'].map((key) => g.submit({ key, n: 1 })));
    await drain();
    expect(await answers).toEqual(['a1', 'b1', 'c1']);
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([['a', 'b', 'c']]);
  });

  it('gathers what arrives while batches are running into the next one, and runs at most maxInFlight at once', async () => {
    const { g, batches, drain, turn, maxRunning } = harness(64, 1);
    const first = g.submit({ key: 'a', n: 1 });
    await turn(); // the first batch is out and waiting
    const later = ['b', 'c', 'd'].map((key) => g.submit({ key, n: 1 }));
    await drain();
    await Promise.all([first, ...later]);
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([['a'], ['b', 'c', 'd']]);
    expect(maxRunning()).toBe(1);
  });

  it('keeps one key’s items in order and never in two running batches, while other keys go ahead', async () => {
    const { g, batches, drain, turn } = harness(64, 3);
    const a1 = g.submit({ key: 'a', n: 1 });
    await turn(); // a1 is running
    const rest = [g.submit({ key: 'a', n: 2 }), g.submit({ key: 'b', n: 1 }), g.submit({ key: 'a', n: 3 })];
    await turn();
    // b goes out at once in a second batch; a2 and a3 wait for a1's batch to answer.
    expect(batches.map((b) => b.map((i) => `${i.key}${i.n}`))).toEqual([['a1'], ['b1']]);
    await drain();
    await Promise.all([a1, ...rest]);
    expect(batches.map((b) => b.map((i) => `${i.key}${i.n}`))).toEqual([['a1'], ['b1'], ['a2', 'a3']]);
  });

  it('splits at maxBatch without letting a key’s later item overtake its earlier one', async () => {
    const { g, batches, drain } = harness(2, 3);
    const all = [
      g.submit({ key: 'a', n: 1 }),
      g.submit({ key: 'b', n: 1 }),
      g.submit({ key: 'a', n: 2 }),
      g.submit({ key: 'c', n: 1 }),
    ];
    await drain();
    await Promise.all(all);
    expect(batches.map((b) => b.map((i) => `${i.key}${i.n}`))).toEqual([['a1', 'b1'], ['c1'], ['a2']]);
  });

  it('rejects only the items of a batch that failed; the others and later ones are answered', async () => {
    const { g, drain, turn } = harness(64, 3);
    const ok = g.submit({ key: 'a', n: 1 });
    await turn();
    const failed = [g.submit({ key: 'boom', n: 1 }), g.submit({ key: 'b', n: 1 })];
    const settled = Promise.allSettled(failed);
    await drain();
    expect(await ok).toBe('a1');
    expect((await settled).map((s) => s.status)).toEqual(['rejected', 'rejected']);
    const after = g.submit({ key: 'b', n: 2 });
    await drain();
    expect(await after).toBe('b2');
  });
});
