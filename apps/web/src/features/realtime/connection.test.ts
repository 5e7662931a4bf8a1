import { describe, expect, it } from 'vitest';
import { CloseCode } from '@colyseus/sdk';
import { connectWithRetry, instanceLost, type HubState } from './connection.ts';

const run = async (failures: unknown[], headOk = true, rejoin = false) => {
  const states: HubState[] = [];
  let calls = 0;
  let heads = 0;
  const result = await connectWithRetry({
    connect: async () => {
      const f = failures[calls++];
      if (f !== undefined) throw f;
      return 'conn';
    },
    headCheck: async () => (heads++, headOk),
    onState: (s) => states.push(s),
    sleep: async () => {},
    rejoin,
  });
  return { result, states, calls, heads };
};

describe('hub connection (spec §4, §8)', () => {
  it('connects first time', async () => {
    expect(await run([])).toMatchObject({ result: 'conn', states: ['Connecting', 'Connected'], heads: 0 });
  });

  it('ignores a 401: no HEAD check, no retry', async () => {
    const r = await run([{ data: { status: 401 } }]);
    expect(r).toMatchObject({ result: null, states: ['Connecting', 'Disconnected'], calls: 1, heads: 0 });
  });

  it('after other failures checks the key with HEAD, then retries up to 3 times', async () => {
    const down = new Error('xhr poll error');
    const r = await run([down, down, down]);
    expect(r).toMatchObject({ result: 'conn', calls: 4, heads: 3 });
    expect(r.states).toEqual(['Connecting', 'Reconnecting', 'Reconnecting', 'Reconnecting', 'Connected']);
    const gone = await run([down, down, down, down, down]);
    expect(gone).toMatchObject({ result: null, calls: 4 });
    expect(gone.states.at(-1)).toBe('Disconnected');
  });

  it('after a lost connection retries up to 6 times (a restarting process), then gives up', async () => {
    const down = new Error('xhr poll error');
    expect(await run([down, down, down, down, down], true, true)).toMatchObject({ result: 'conn', calls: 6 });
    expect(await run(Array.from({ length: 9 }, () => down), true, true)).toMatchObject({ result: null, calls: 7 });
  });

  it('stops when the HEAD check says the token is no longer good', async () => {
    expect(await run([new Error('x')], false)).toMatchObject({ result: null, calls: 1, heads: 1 });
  });
});

describe('a space instance that ends', () => {
  it('is joined again after a server shutdown, a failed resume or an abnormal closure', () => {
    for (const code of [CloseCode.SERVER_SHUTDOWN, CloseCode.FAILED_TO_RECONNECT, CloseCode.ABNORMAL_CLOSURE, CloseCode.GOING_AWAY]) {
      expect(instanceLost(code), String(code)).toBe(true);
    }
  });

  it('is not joined again when the visitor left or the server ended it over an error', () => {
    for (const code of [CloseCode.CONSENTED, CloseCode.NORMAL_CLOSURE, CloseCode.WITH_ERROR]) expect(instanceLost(code), String(code)).toBe(false);
  });
});
