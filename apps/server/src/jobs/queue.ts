// The background-job queue every module schedules through (model optimisation, slot expiry, plan
// renewals, Explore ranks, sign-in clean-up). Two implementations behind one interface:
// pg-boss on PostgreSQL (pgBoss.ts) when DATABASE_URL is set, so several processes share one queue,
// and an in-process queue (inProcess.ts) for the embedded PGlite default, which has one process.

export interface JobSpec {
  /** Further attempts after a failed one (thrown handler), each later than the last (back-off). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled for each later one. */
  retryDelaySeconds?: number;
  /** A job running longer than this (its process died) is given to another worker. */
  expireInSeconds?: number;
  /** Every job carries a key and one per key may wait at a time (a second send is dropped). */
  keyed?: boolean;
}

export interface QueueDepth {
  queue: string;
  /** Waiting to run, including retries waiting for their delay. */
  queued: number;
  active: number;
  /** Age of the oldest waiting job; 0 when none waits. */
  oldestQueuedSeconds: number;
}

export type JobHandler<T> = (data: T) => Promise<unknown>;

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Registers a queue's handler (before start). */
  define<T extends object>(name: string, handler: JobHandler<T>, spec?: JobSpec): void;
  /** Enqueues a job; with `key`, one already waiting under that key is not enqueued twice. */
  send(name: string, data: object, opts?: { key?: string }): Promise<void>;
  /** A recurring job (before start): runs once per period over all processes sharing the queue. */
  every(name: string, periodMs: number, handler: () => Promise<unknown>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for running ones. */
  stop(): Promise<void>;
  depth(): Promise<QueueDepth[]>;
  /** Resolves once no sent job (recurring ones aside) waits or runs (tests and benches). */
  idle(): Promise<void>;
}

export interface QueueLog {
  warn(obj: object, msg: string): void;
}
