import diagnostics_channel from 'node:diagnostics_channel';

// Events other modules publish for /metrics without depending on it: Node's diagnostics channels cost
// nothing while nobody subscribes, and the metrics plugin subscribes while an app is running.

/** One WebSocket message received from a realtime (space room) client. */
export const realtimeMessage = diagnostics_channel.channel('atrium.realtime.message');

/** A finished model optimisation job: `{ seconds: number; ok: boolean }`. */
export const modelOptimised = diagnostics_channel.channel('atrium.assets.model-optimised');
export interface ModelOptimisedEvent {
  seconds: number;
  ok: boolean;
}
