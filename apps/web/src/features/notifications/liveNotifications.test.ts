import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for one hub socket: the server's side is `emit`. */
class FakeSocket extends EventEmitter {
  closed = false;
  close() {
    this.closed = true;
  }
}
const opened: { token: string; socket: FakeSocket }[] = [];
/** Connection attempts still to refuse (a process on its way back). */
const hub = { refusals: 0 };
vi.mock('../realtime/hubSocket.ts', () => ({
  openHub: async (_hub: string, token: string) => {
    if (hub.refusals > 0) {
      hub.refusals--;
      throw new Error('connect ECONNREFUSED');
    }
    const socket = new FakeSocket();
    opened.push({ token, socket });
    return socket;
  },
  tokenStillAccepted: async () => true,
}));
const { subscribeNotifications } = await import('./liveNotifications.ts');

const settle = () => new Promise<void>((r) => setImmediate(r));

describe('the live notification subscription', () => {
  afterEach(() => {
    opened.length = 0;
    vi.useRealTimers();
  });

  it('keeps one socket across token renewals and reconnects with the token current at that time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let token = 'first';
    const onAccount = vi.fn();
    const onReconnected = vi.fn();
    const stop = subscribeNotifications(() => token, vi.fn(), onReconnected, onAccount);
    await settle();
    expect(opened.map((o) => o.token)).toEqual(['first']);

    // A renewal changes the token: nothing reconnects, and the hub's next event still arrives.
    token = 'renewed';
    opened[0]!.socket.emit('Subscription', { topic: 'Subscription', payload: { status: 'expired' } });
    expect(onAccount).toHaveBeenCalledWith('Subscription', { status: 'expired' });
    expect(opened).toHaveLength(1);

    // The connection drops: the reconnect authenticates with the renewed token, and the page is told
    // to read again what the hub may have said meanwhile.
    opened[0]!.socket.emit('disconnect');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(opened.map((o) => o.token)).toEqual(['first', 'renewed']);
    expect(onReconnected).toHaveBeenCalledTimes(1);

    stop();
    expect(opened[1]!.socket.closed).toBe(true);
  });

  it('after a lost connection, keeps trying while the server restarts (longer than a first connection would)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const onReconnected = vi.fn();
    const stop = subscribeNotifications(() => 'token', vi.fn(), onReconnected);
    await settle();
    expect(opened).toHaveLength(1);

    // Five refused attempts over about 15 s: a first connection gives up after four.
    hub.refusals = 5;
    opened[0]!.socket.emit('disconnect');
    await vi.advanceTimersByTimeAsync(1000 + 500 + 1000 + 2000 + 4000 + 8000);
    await settle();
    expect(hub.refusals).toBe(0);
    expect(opened).toHaveLength(2);
    expect(onReconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('opens nothing once signed out (no token)', async () => {
    const stop = subscribeNotifications(() => null, vi.fn(), vi.fn());
    await settle();
    expect(opened).toHaveLength(0);
    stop();
  });
});
