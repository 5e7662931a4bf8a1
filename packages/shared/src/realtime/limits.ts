import { LIMITS } from '../constants.ts';

// Realtime limits (spec §1, §4, §8, §9 and issue 9), written once for server, web and engine.
export const REALTIME_LIMITS = {
  /** Clients per space instance; a full instance starts the next one (spec §1). */
  maxClientsPerInstance: LIMITS.maxRealtimeUsers,
  messageMaxChars: 1000,
  /** Chat messages a user may send per second, over all hubs and instances. */
  messagesPerSecond: 5,
  /** A dropped visitor gets back into the same instance within this many seconds. */
  reconnectSeconds: 30,
  /** Movement updates a client sends per second (15–20 Hz). */
  moveHzMin: 15,
  moveHzMax: 20,
  /** Server-side speed clamp in metres per second; running is about 6 m/s, anything faster is a teleport. */
  maxSpeedMps: 8,
  /** Slack for jitter when two updates arrive close together (seconds of extra travel allowed). */
  moveJitterSeconds: 0.25,
  /** How many connect retries after a failed hub connection (spec §8, §9). */
  hubReconnectTries: 3,
  /**
   * Retries after a connection was lost rather than refused (its process restarted or stopped, a
   * space instance that could not be resumed): rejoining the space or a hub keeps trying, doubling
   * from half a second, for about 30 s in all, the time a restarted or replaced process takes to
   * answer again. A first connection keeps `hubReconnectTries`.
   */
  rejoinTries: 6,
  /** Same-user chat messages within this window are grouped (spec §9). */
  chatGroupingMs: 10 * 60 * 1000,
  /** Scroll-to-latest appears past this distance from the end (spec §4, §9). */
  chatScrollThresholdPx: 80,
  chatScrollDebounceMs: 100,
  /** Direct-message history page size. */
  directMessagePageSize: 30,
  directMessageGroupMaxMembers: 25,
  /** How often live counts are pushed to hub clients. */
  liveCountIntervalMs: 2000,
  /** Spaces one live-counts socket may watch at a time (cards loaded by infinite scroll). */
  watchScenesMax: 200,
} as const;
