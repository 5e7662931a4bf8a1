import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcessQueue, PgBossQueue, type JobQueue } from '../src/jobs/index.ts';
import { makeTestApp } from './support/app.ts';
import { openTestPglite, TEST_DATABASE_URL } from './support/db.ts';

// The shared job queue: pg-boss on PostgreSQL (several processes, one queue) and the in-process
// fallback of the embedded database, behind one interface.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('job queue', { timeout: 90_000 }, () => {
  const schemas: string[] = [];
  const queues: JobQueue[] = [];
  const pgQueue = (schema: string, work = true) => {
    const q = new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema, work });
    queues.push(q);
    return q;
  };
  const newSchema = () => {
    const s = `jobs_${crypto.randomBytes(5).toString('hex')}`;
    schemas.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.allSettled(queues.map((q) => q.stop()));
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
    await admin.end();
  });

  it('runs each job once over two pg-boss workers on one PostgreSQL queue, and a recurring job once per period', async () => {
    const schema = newSchema();
    const [a, b] = [pgQueue(schema), pgQueue(schema)];
    const runs: { n: number; by: string }[] = [];
    const ticks: string[] = [];
    for (const [q, by] of [[a, 'a'], [b, 'b']] as const) {
      q.define<{ n: number }>('count', async ({ n }) => {
        await sleep(20);
        runs.push({ n, by });
      });
      q.every('tick', 1000, async () => void ticks.push(by));
    }
    await Promise.all([a.start(), b.start()]);
    const startedAt = Date.now();
    for (let n = 0; n < 30; n++) await (n % 2 ? a : b).send('count', { n });
    await until(() => runs.length >= 30, 30_000, '30 jobs');
    await sleep(1500);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['a', 'b']));
    // Each process offers the tick every second; one per second-slot runs, not one per process.
    const seconds = (Date.now() - startedAt) / 1000;
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    await a.idle();
  });

  const retryCase = async (q: JobQueue) => {
    const attempts: number[] = [];
    q.define<{ k: string }>('flaky', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('transient');
    }, { retryLimit: 3, retryDelaySeconds: 1 });
    await q.start();
    await q.send('flaky', { k: 'x' });
    await until(() => attempts.length >= 3, 30_000, 'three attempts');
    await q.idle();
    await sleep(1500);
    expect(attempts).toHaveLength(3);
    const [g1, g2] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
    expect(g1).toBeGreaterThanOrEqual(900);
    // Back-off: the second wait is longer than the first (pg-boss adds jitter, so not exactly double).
    expect(g2).toBeGreaterThan(g1);
  };

  it('retries a failing job with back-off on pg-boss', async () => retryCase(pgQueue(newSchema())));

  it('retries a failing job with back-off in-process', async () => {
    const q = new InProcessQueue();
    queues.push(q);
    await retryCase(q);
  });

  it('runs a job enqueued before a restart once a worker is back, and reports depth and age meanwhile', async () => {
    const schema = newSchema();
    const before = pgQueue(schema, false);
    before.define('later', async () => {}, { keyed: true });
    await before.start();
    await before.send('later', { id: 7 }, { key: 'seven' });
    await before.send('later', { id: 7 }, { key: 'seven' }); // the same key waits once
    await sleep(1100);
    const [depth] = await before.depth();
    expect(depth).toMatchObject({ queue: 'later', queued: 1, active: 0 });
    expect(depth!.oldestQueuedSeconds).toBeGreaterThanOrEqual(1);
    await before.stop();

    const after = pgQueue(schema);
    const ran: number[] = [];
    after.define<{ id: number }>('later', async ({ id }) => void ran.push(id), { keyed: true });
    await after.start();
    await until(() => ran.length > 0, 15_000, 'the job from before the restart');
    await after.idle();
    expect(ran).toEqual([7]);
    expect((await after.depth())[0]).toMatchObject({ queued: 0, active: 0, oldestQueuedSeconds: 0 });
  });

  it('serves queue depth and age on /metrics', async () => {
    const db = await openTestPglite();
    const { app } = await makeTestApp(db, {}, { SEED: 'false' });
    try {
      const res = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/atrium_jobs_queued\{queue="model-optimisation"\} 0/);
      expect(res.body).toMatch(/atrium_jobs_active\{queue="slot-expiry"\} 0/);
      expect(res.body).toMatch(/atrium_jobs_oldest_queued_age_seconds\{queue="subscription-renewals"\} 0/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
