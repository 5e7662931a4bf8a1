import { REALTIME_ERRORS, type HubAck, type RealtimeErrorCode } from '@atrium/shared';
import { HUB_EVENTS } from '@atrium/shared';
import type { Socket } from 'socket.io';

export type Ack = (res: HubAck) => void;

/** Acks are optional for clients; a missing or non-function ack must not crash the handler. */
export const ackOf = (cb: unknown): Ack => (typeof cb === 'function' ? (cb as Ack) : () => {});

/** A refused method answers twice: the ack for the caller's promise, the event for passive listeners. */
export function refuse(socket: Socket, ack: Ack, code: RealtimeErrorCode) {
  const error = { code, message: REALTIME_ERRORS[code] };
  socket.emit(HUB_EVENTS.error, error);
  ack({ ok: false, error });
}
