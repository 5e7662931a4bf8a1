import { describe, expect, it } from 'vitest';
import type { Namespace } from 'socket.io';
import { PushCache } from '../src/realtime/hubs/pushCache.ts';

/** What the cache needs of a namespace: its rooms and emitting to this process's sockets. */
function fakeNamespace() {
  const rooms = new Map<string, Set<string>>();
  const emitted: { room: string | null; event: string; payload: unknown }[] = [];
  const local = {
    to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }),
    emit: (event: string, payload: unknown) => emitted.push({ room: null, event, payload }),
  };
  return { ns: { adapter: { rooms }, local } as unknown as Namespace, rooms, emitted };
}

describe('the hubs’ count push cache', () => {
  it('sends a room a figure only when it changed', () => {
    const { ns, rooms, emitted } = fakeNamespace();
    rooms.set('scene:a', new Set(['s1']));
    const cache = new PushCache(ns);
    cache.send('scene:a', 'count', { count: 1 });
    cache.send('scene:a', 'count', { count: 1 });
    cache.send('scene:a', 'count', { count: 2 });
    expect(emitted.map((e) => e.payload)).toEqual([{ count: 1 }, { count: 2 }]);
  });

  it('sends the room again after a newcomer was told other figures, so a count that came back reaches it', () => {
    const { ns, rooms, emitted } = fakeNamespace();
    rooms.set('scene:a', new Set(['alice']));
    const cache = new PushCache(ns);
    cache.send('scene:a', 'count', { count: 1 }); // alice alone
    // bob joins and is told "2" directly; before the next push the count is back at 1 (someone left)
    rooms.get('scene:a')!.add('bob');
    cache.forget('scene:a');
    cache.send('scene:a', 'count', { count: 1 });
    expect(emitted.filter((e) => e.room === 'scene:a').map((e) => e.payload)).toEqual([{ count: 1 }, { count: 1 }]);
  });

  it('forgets only the room it is told of, and rooms that emptied', () => {
    const { ns, rooms, emitted } = fakeNamespace();
    rooms.set('scene:a', new Set(['s1']));
    rooms.set('scene:b', new Set(['s2']));
    rooms.set('scene:ab', new Set(['s4'])); // a name that starts like another room's
    const cache = new PushCache(ns);
    cache.send('scene:a', 'count', { count: 1 });
    cache.send('scene:b', 'count', { count: 1 });
    cache.send('scene:ab', 'count', { count: 1 });
    cache.forget('scene:a');
    rooms.delete('scene:b');
    cache.prune();
    rooms.set('scene:b', new Set(['s3']));
    cache.send('scene:a', 'count', { count: 1 });
    cache.send('scene:b', 'count', { count: 1 });
    cache.send('scene:ab', 'count', { count: 1 });
    expect(emitted.map((e) => e.room)).toEqual(['scene:a', 'scene:b', 'scene:ab', 'scene:a', 'scene:b']);
  });
});
