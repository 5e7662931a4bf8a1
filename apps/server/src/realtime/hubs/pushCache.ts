import type { Namespace } from 'socket.io';

/**
 * The periodic count push sends a payload to a socket room only when it differs from the last one
 * sent there, and forgets rooms that emptied. Emits go to this process's sockets only: every
 * process reads the same shared snapshot and serves its own.
 */
export class PushCache {
  private readonly ns: Namespace;
  private readonly sent = new Map<string, string>();
  constructor(ns: Namespace) {
    this.ns = ns;
  }

  /** `room` null: every socket of the namespace on this process. */
  send(room: string | null, event: string, payload: unknown) {
    const key = `${room ?? '*'}|${event}`;
    const json = JSON.stringify(payload);
    if (this.sent.get(key) === json) return;
    this.sent.set(key, json);
    (room ? this.ns.local.to(room) : this.ns.local).emit(event, payload);
  }

  /**
   * A socket just joined `room` and was sent the current figures directly: what the room was last
   * sent is no longer what all its sockets hold, so the next push sends the room's figures again.
   * (Kept, a count that returned to the cached value before the next tick never reached the newcomer:
   * a visitor's count stayed at 2 after the other visitor left.)
   */
  forget(room: string) {
    for (const key of this.sent.keys()) if (key.startsWith(`${room}|`)) this.sent.delete(key);
  }

  prune() {
    const rooms = this.ns.adapter.rooms;
    for (const key of this.sent.keys()) {
      const room = key.slice(0, key.indexOf('|'));
      if (room !== '*' && !rooms.has(room)) this.sent.delete(key);
    }
  }
}
