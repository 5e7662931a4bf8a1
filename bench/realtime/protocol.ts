// Messages between bench/realtime.bench.ts and its simulated-visitor worker threads.

export interface WorkerSetup {
  sceneId: string;
  /** Client k connects to process bases[k % bases.length] as tokens[k % tokens.length] (API keys, valid on every process). */
  bases: string[];
  tokens: string[];
}

export type ToWorker = { kind: 'join'; from: number; count: number } | { kind: 'drive'; hz: number; seconds: number } | { kind: 'leave' };

export interface DriveResult {
  clients: number;
  roomIds: string[];
  latencies: number[];
  bytes: number;
  moves: number;
  wall: number;
  /** Share of the drive this worker's event loop was busy (near 1: the load generator is the limit). */
  busy: number;
}
