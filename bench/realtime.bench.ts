// Realtime load on loopback, bounded in clients and time: 10 space instances × 25 simulated visitors
// moving at 20 Hz against one server process (server CPU per client, state-update latency p50/p99,
// bytes per client per second), then 2,500 visitors (issue 21; REALTIME_CLIENTS to change) across two
// processes sharing PostgreSQL and Redis.
// The visitors run in worker threads (bench/realtime/simWorker.ts), apart from the servers (child
// processes) and from each other, so neither the servers nor one busy client loop set the pace.
// Every visitor receives every state patch (the bytes figure), but only one watcher per instance
// decodes them: with 2,500 visitors, decoding for all of them in two threads saturated both client
// threads (99% busy, 10 of 15 moves/s sent) and the p99 measured this machine's clients, not the server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { TEST_DATABASE_URL } from '../apps/server/test/support/db.ts';
import { isolatedRedis, startServer, type ServerProcess } from '../apps/server/test/support/processes.ts';
import { makePeople, makeSpace } from '../apps/server/test/support/realtime.ts';
import type { DriveResult, ToWorker, WorkerSetup } from './realtime/protocol.ts';
import { line, percentile } from './support.ts';

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

class SimWorker {
  private readonly worker: Worker;
  constructor(setup: WorkerSetup) {
    // REALTIME_PROFILE=dir writes each client thread's CPU profile there (what limits the load generator).
    const dir = process.env.REALTIME_PROFILE;
    this.worker = new Worker(new URL('./realtime/simWorker.ts', import.meta.url), {
      workerData: setup,
      ...(dir ? { execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${dir}`] } : {}),
    });
  }
  ask<T>(m: ToWorker): Promise<T> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => {
        this.worker.off('message', onMessage);
        reject(err);
      };
      const onMessage = (r: { ok: boolean; value?: T; error?: string }) => {
        this.worker.off('error', onError);
        if (r.ok) resolve(r.value as T);
        else reject(new Error(r.error));
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(m);
    });
  }
  stop() {
    return this.worker.terminate();
  }
}

/** `clients` visitors over `workers` threads; each thread joins its share in turn so instances fill in order. */
async function run(setup: WorkerSetup, clients: number, workers: number, hz: number, seconds: number, pids: number[]) {
  const pool = Array.from({ length: workers }, () => new SimWorker(setup));
  try {
    const per = Math.ceil(clients / workers / 25) * 25;
    const joinStart = performance.now();
    for (let w = 0, from = 0; w < workers && from < clients; w++, from += per) {
      await pool[w]!.ask({ kind: 'join', from, count: Math.min(per, clients - from) });
    }
    const joinSecs = (performance.now() - joinStart) / 1000;
    const cpu0 = pids.map(cpuSeconds);
    const t0 = performance.now();
    const results = await Promise.all(pool.map((w) => w.ask<DriveResult>({ kind: 'drive', hz, seconds })));
    const wall = (performance.now() - t0) / 1000;
    const cpu = pids.map((pid, i) => cpuSeconds(pid) - cpu0[i]!);
    await Promise.all(pool.map((w) => w.ask({ kind: 'leave' })));
    const n = results.reduce((a, r) => a + r.clients, 0);
    return {
      clients: n,
      instances: new Set(results.flatMap((r) => r.roomIds)).size,
      latencies: results.flatMap((r) => r.latencies).sort((a, b) => a - b),
      bytesPerClientPerSec: results.reduce((a, r) => a + r.bytes, 0) / n / wall,
      sentHz: results.reduce((a, r) => a + r.moves / r.wall, 0) / n,
      cpuShare: cpu.map((c) => c / wall),
      clientBusy: results.map((r) => `${(r.busy * 100).toFixed(0)}%`).join(' / '),
      joinSecs,
    };
  } finally {
    await Promise.all(pool.map((w) => w.stop()));
  }
}

const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
const servers: ServerProcess[] = [];
try {
  const env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, LOG_LEVEL: 'error' };
  const one = await startServer(env);
  servers.push(one);
  const db = await openPostgres(TEST_DATABASE_URL, schema);
  const tokens = (await makePeople(db.db, 50, 'bench')).map((p) => p.token);
  const space = await makeSpace(db.db);

  // ── 10 instances × 25 clients at 20 Hz, one process, clients in 2 worker threads ──
  const small = await run({ sceneId: space.id, bases: [one.baseURL], tokens }, 250, 2, 20, 10, [one.pid]);
  line('clients / instances (one process)', `${small.clients} / ${small.instances}`, '250 / 10');
  line('moves sent per client per second', small.sentHz.toFixed(1), '20');
  line('client worker event loops busy', small.clientBusy);
  line(
    'server CPU per client',
    `${((small.cpuShare[0]! / small.clients) * 1000).toFixed(2)} ms CPU per s (${(small.cpuShare[0]! * 100).toFixed(0)}% of a core for all)`,
  );
  line(
    'state-update latency p50 / p99',
    `${percentile(small.latencies, 50).toFixed(1)} / ${percentile(small.latencies, 99).toFixed(1)} ms (${small.latencies.length} samples)`,
    'p99 < 150 ms on loopback',
  );
  line('bytes received per client per second', `${(small.bytesPerClientPerSec / 1024).toFixed(1)} KiB/s`);

  // ── 2,500 clients across two processes sharing Redis, 15 Hz, clients in 2 worker threads ──
  await one.stop();
  servers.length = 0;
  const redisEnv = { ...env, ...isolatedRedis() };
  const a = await startServer(redisEnv);
  const b = await startServer(redisEnv);
  servers.push(a, b);
  const BIG = Number(process.env.REALTIME_CLIENTS ?? 2500);
  const n = BIG.toLocaleString('en');
  const big = await run({ sceneId: space.id, bases: [a.baseURL, b.baseURL], tokens }, BIG, 2, 15, 20, [a.pid, b.pid]);
  line('clients / instances (two processes, Redis)', `${big.clients} / ${big.instances}`, `${BIG} / ${Math.ceil(BIG / 25)}`);
  line(`moves sent per client per second (${n})`, big.sentHz.toFixed(1), '15');
  line(`client worker event loops busy (${n})`, big.clientBusy);
  line('joined in', `${big.joinSecs.toFixed(1)} s (${(big.clients / big.joinSecs).toFixed(0)} joins/s)`);
  line(
    'server CPU, process A / B',
    `${(big.cpuShare[0]! * 100).toFixed(0)}% / ${(big.cpuShare[1]! * 100).toFixed(0)}% of a core (${(((big.cpuShare[0]! + big.cpuShare[1]!) / big.clients) * 1000).toFixed(2)} ms CPU per client per s)`,
  );
  line(
    `state-update latency p50 / p99 (${n})`,
    `${percentile(big.latencies, 50).toFixed(1)} / ${percentile(big.latencies, 99).toFixed(1)} ms (${big.latencies.length} samples)`,
    'p99 < 100 ms',
  );
  line(`bytes received per client per second (${n})`, `${(big.bytesPerClientPerSec / 1024).toFixed(1)} KiB/s`, '≤ 4 KiB/s');
  await db.close();
} finally {
  await Promise.allSettled(servers.map((s) => s.stop()));
  await admin.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
  await admin.end();
}
process.exit(0);
