import { PgBoss } from 'pg-boss';
import type { JobHandler, JobQueue, JobSpec, QueueDepth, QueueLog } from './queue.ts';

// pg-boss keeps jobs in PostgreSQL tables of its own schema: a job is claimed with SELECT … FOR UPDATE
// SKIP LOCKED, so each runs on one process only; a failed one is retried with exponential back-off;
// one whose process died is retried after its expiry; queued jobs outlive every process. Recurring
// jobs are sent throttled (one per period slot, whoever sends it) and worked like any other.

interface Defined {
  handler: JobHandler<object>;
  spec: JobSpec;
  recurringMs?: number;
}

const POLL_SECONDS = 1;

export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly defined = new Map<string, Defined>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;

  /** `schema`: pg-boss's own schema (created on first start, migrated by pg-boss across versions). */
  /** `work: false`: sends and reports only, runs nothing (a producer such as a one-off command). */
  constructor(opts: { connectionString: string; schema: string; log?: QueueLog; work?: boolean }) {
    this.boss = new PgBoss({ connectionString: opts.connectionString, schema: opts.schema, max: 4, schedule: false, application_name: 'atrium-jobs' });
    this.boss.on('error', (err: unknown) => opts.log?.warn({ err }, 'job queue error'));
    this.log = opts.log;
    this.schema = opts.schema;
    this.working = opts.work ?? true;
  }
  private readonly working: boolean;
  private readonly log: QueueLog | undefined;
  private readonly schema: string;

  define<T extends object>(name: string, handler: JobHandler<T>, spec: JobSpec = {}) {
    this.defined.set(name, { handler: handler as JobHandler<object>, spec });
  }

  every(name: string, periodMs: number, handler: () => Promise<unknown>) {
    this.defined.set(name, { handler: () => handler(), spec: { retryLimit: 0 }, recurringMs: periodMs });
  }

  async send(name: string, data: object, opts: { key?: string } = {}) {
    if (!this.defined.has(name)) throw new Error(`no job queue "${name}" is defined`);
    await this.boss.send(name, data, opts.key ? { singletonKey: opts.key } : {});
  }

  async start() {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const [name, d] of this.defined) {
      // Recurring: one active at a time. Keyed: one queued and one active per key ('stately', which
      // would treat keyless jobs as one key, so other queues are 'standard').
      await this.boss.createQueue(name, {
        policy: d.recurringMs ? 'singleton' : d.spec.keyed ? 'stately' : 'standard',
        retryLimit: d.spec.retryLimit ?? 2,
        retryDelay: d.spec.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: d.spec.expireInSeconds ?? 900,
      });
      if (!this.working) continue;
      await this.boss.work(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
        if (job) await d.handler(job.data as object);
      });
      if (d.recurringMs) {
        const seconds = Math.max(1, Math.round(d.recurringMs / 1000));
        const tick = () =>
          void this.boss.sendThrottled(name, {}, null, seconds, name).catch((err: unknown) => this.log?.warn({ err, job: name }, 'recurring job not sent'));
        const timer = setInterval(tick, d.recurringMs);
        timer.unref();
        this.timers.push(timer);
      }
    }
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  async depth(): Promise<QueueDepth[]> {
    const names = [...this.defined.keys()];
    if (!this.started || !names.length) return [];
    const counts = new Map((await this.counts(names)).map((c) => [c.name, c]));
    const oldest = await this.oldestWaiting(names);
    return names.map((queue) => ({
      queue,
      queued: counts.get(queue)?.waiting ?? 0,
      active: counts.get(queue)?.active ?? 0,
      oldestQueuedSeconds: oldest.get(queue) ?? 0,
    }));
  }

  async idle() {
    const sent = [...this.defined].filter(([, d]) => !d.recurringMs).map(([n]) => n);
    for (;;) {
      const rows = (await this.counts(sent)).filter((r) => r.waiting + r.active > 0);
      if (!rows.length) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Exact counts from the job table (getQueues' figures are refreshed by the monitor, not live). */
  private async counts(names: string[]) {
    if (!names.length) return [];
    const db = this.boss.getDb();
    const res = await db.executeSql(
      `select name, count(*) filter (where state in ('created', 'retry'))::int as waiting, count(*) filter (where state = 'active')::int as active
         from ${this.schemaName()}.job where name = any($1) group by name`,
      [names],
    );
    return res.rows as { name: string; waiting: number; active: number }[];
  }

  private async oldestWaiting(names: string[]): Promise<Map<string, number>> {
    const db = this.boss.getDb();
    const res = await db.executeSql(
      `select name, extract(epoch from now() - min(created_on))::float8 as age
         from ${this.schemaName()}.job where name = any($1) and state in ('created', 'retry') group by name`,
      [names],
    );
    return new Map((res.rows as { name: string; age: number }[]).map((r) => [r.name, Number(r.age)]));
  }

  private schemaName() {
    return `"${this.schema}"`;
  }
}
