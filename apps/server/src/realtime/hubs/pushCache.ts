import type { Namespace } from 'socket.io';

/** The namespace-wide "room" of `send(null, …)`: every socket of this process. */
const EVERYONE = '*';

/**
 * The periodic count push sends a payload to a socket room only when it differs from the last one
 * sent there, and forgets rooms that emptied. Emits go to this process's sockets only: every
 * process reads the same shared snapshot and serves its own.
 */
export class PushCache {
  private readonly ns: Namespace;
  /** Per room, the last payload (JSON) sent for each event. */
  private readonly sent = new Map<string, Map<string, string>>();
  constructor(ns: Namespace) {
    this.ns = ns;
  }

  /** `room` null: every socket of the namespace on this process. */
  send(room: string | null, event: string, payload: unknown) {
    const key = room ?? EVERYONE;
    const json = JSON.stringify(payload);
    let last = this.sent.get(key);
    if (last?.get(event) === json) return;
    if (!last) this.sent.set(key, (last = new Map()));
    last.set(event, json);
    (room ? this.ns.local.to(room) : this.ns.local).emit(event, payload);
  }

  /**
   * A socket just joined `room` and was sent the current figures directly: what the room was last
   * sent is no longer what all its sockets hold, so the next push sends the room's figures again.
   * Without this, a count that returned to the cached value before the next tick never reached the
   * newcomer (a visitor's count stayed at 2 after the other visitor left).
   */
  forget(room: string) {
    this.sent.delete(room);
  }

  prune() {
    const rooms = this.ns.adapter.rooms;
    for (const room of this.sent.keys()) if (room !== EVERYONE && !rooms.has(room)) this.sent.delete(room);
  }
}
