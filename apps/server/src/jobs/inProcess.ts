import type { JobHandler, JobQueue, JobSpec, QueueDepth, QueueLog } from './queue.ts';

interface Pending {
  data: object;
  key?: string;
  attempt: number;
  queuedAt: number;
}

interface Lane {
  handler: JobHandler<object>;
  spec: Required<Pick<JobSpec, 'retryLimit' | 'retryDelaySeconds'>>;
  waiting: Pending[];
  /** Retries sleeping through their back-off. */
  delayed: Set<NodeJS.Timeout>;
  delayedJobs: Set<Pending>;
  running: Promise<void> | null;
  active: number;
}

/**
 * The embedded default's queue: one process, so jobs live in memory and run one at a time per queue.
 * What must survive a restart is kept in the rows the jobs work on (a model left `processing` is
 * sent again on start), and recurring jobs simply run again on the next period.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly lanes = new Map<string, Lane>();
  private readonly recurring: { name: string; periodMs: number; handler: () => Promise<unknown>; active: number }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopped = false;
  private readonly log: QueueLog | undefined;
  constructor(log?: QueueLog) {
    this.log = log;
  }

  define<T extends object>(name: string, handler: JobHandler<T>, spec: JobSpec = {}) {
    this.lanes.set(name, {
      handler: handler as JobHandler<object>,
      spec: { retryLimit: spec.retryLimit ?? 2, retryDelaySeconds: spec.retryDelaySeconds ?? 5 },
      waiting: [],
      delayed: new Set(),
      delayedJobs: new Set(),
      running: null,
      active: 0,
    });
  }

  async send(name: string, data: object, opts: { key?: string } = {}) {
    const lane = this.lane(name);
    if (this.stopped) return;
    if (opts.key && [...lane.waiting, ...lane.delayedJobs].some((p) => p.key === opts.key)) return;
    lane.waiting.push({ data, ...(opts.key ? { key: opts.key } : {}), attempt: 0, queuedAt: Date.now() });
    this.drain(name, lane);
  }

  every(name: string, periodMs: number, handler: () => Promise<unknown>) {
    this.recurring.push({ name, periodMs, handler, active: 0 });
  }

  async start() {
    if (this.started) return;
    this.started = true;
    for (const r of this.recurring) {
      const tick = () => {
        // A run still going when the next period starts is not doubled.
        if (r.active || this.stopped) return;
        r.active++;
        void r
          .handler()
          .catch((err: unknown) => this.log?.warn({ err, job: r.name }, 'recurring job failed'))
          .finally(() => r.active--);
      };
      const timer = setInterval(tick, r.periodMs);
      timer.unref();
      this.timers.push(timer);
    }
    for (const [name, lane] of this.lanes) this.drain(name, lane);
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const lane of this.lanes.values()) {
      lane.waiting.length = 0;
      for (const t of lane.delayed) clearTimeout(t);
      lane.delayed.clear();
      lane.delayedJobs.clear();
    }
    await Promise.all([...this.lanes.values()].map((l) => l.running));
  }

  async depth(): Promise<QueueDepth[]> {
    const now = Date.now();
    const sent = [...this.lanes].map(([queue, l]) => {
      const waiting = [...l.waiting, ...l.delayedJobs];
      const oldest = waiting.reduce((m, p) => Math.min(m, p.queuedAt), now);
      return { queue, queued: waiting.length, active: l.active, oldestQueuedSeconds: (now - oldest) / 1000 };
    });
    return [...sent, ...this.recurring.map((r) => ({ queue: r.name, queued: 0, active: r.active, oldestQueuedSeconds: 0 }))];
  }

  async idle() {
    for (;;) {
      const busy = [...this.lanes.values()].filter((l) => l.running || l.waiting.length || l.delayedJobs.size);
      if (!busy.length) return;
      await Promise.all(busy.map((l) => l.running ?? new Promise((r) => setTimeout(r, 50))));
    }
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`no job queue "${name}" is defined`);
    return lane;
  }

  private drain(name: string, lane: Lane) {
    if (!this.started || this.stopped || lane.running || !lane.waiting.length) return;
    lane.running = (async () => {
      // Yield first so the request that enqueued the job answers before CPU-heavy work starts.
      await new Promise((r) => setImmediate(r));
      for (let job = lane.waiting.shift(); job && !this.stopped; job = lane.waiting.shift()) await this.run(name, lane, job);
    })().finally(() => {
      lane.running = null;
      this.drain(name, lane);
    });
  }

  private async run(name: string, lane: Lane, job: Pending) {
    lane.active++;
    try {
      await lane.handler(job.data);
    } catch (err) {
      if (job.attempt >= lane.spec.retryLimit) {
        this.log?.warn({ err, job: name, attempts: job.attempt + 1 }, 'job failed; no retries left');
        return;
      }
      this.log?.warn({ err, job: name, attempt: job.attempt + 1 }, 'job failed; retrying');
      const retry = { ...job, attempt: job.attempt + 1 };
      lane.delayedJobs.add(retry);
      const timer = setTimeout(() => {
        lane.delayed.delete(timer);
        lane.delayedJobs.delete(retry);
        lane.waiting.push(retry);
        this.drain(name, lane);
      }, lane.spec.retryDelaySeconds * 1000 * 2 ** job.attempt);
      timer.unref();
      lane.delayed.add(timer);
    } finally {
      lane.active--;
    }
  }
}
