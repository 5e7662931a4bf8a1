// Realtime load on loopback, bounded in clients and time: 10 space instances × 25 simulated visitors
// moving at 20 Hz against one server process (server CPU per client, state-update latency p50/p99,
// bytes per client per second), then 1,000 visitors across two processes sharing PostgreSQL and Redis.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { Room } from '@colyseus/sdk';
import { SPACE_MESSAGES, type AvatarStateShape } from '@atrium/shared';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { TEST_DATABASE_URL } from '../apps/server/test/support/db.ts';
import { isolatedRedis, startServer, type ServerProcess } from '../apps/server/test/support/processes.ts';
import { joinSpace, makePeople, makeSpace, spaceClient, type Person } from '../apps/server/test/support/realtime.ts';
import { line, percentile } from './support.ts';

const TICK = (hz: number) => 1000 / hz;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Sim {
  room: Room;
  bytes: number;
}

function countBytes(room: Room, sim: Sim) {
  const ws = (room.connection.transport as unknown as { ws: WebSocket }).ws;
  ws.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as ArrayBuffer | Blob | string;
    sim.bytes += typeof d === 'string' ? d.length : d instanceof ArrayBuffer ? d.byteLength : d.size;
  });
}

async function joinMany(bases: string[], people: Person[], sceneId: string, n: number): Promise<Sim[]> {
  const sims: Sim[] = [];
  for (let i = 0; i < n; i += 25) {
    // Batches of one instance's worth, so instances fill in order.
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, n - i) }, async (_, j) => {
        const k = i + j;
        const room = await joinSpace(spaceClient(bases[k % bases.length]!, people[k % people.length]!.token), sceneId);
        room.onMessage(SPACE_MESSAGES.welcome, () => {});
        room.onMessage(SPACE_MESSAGES.error, () => {});
        const sim: Sim = { room, bytes: 0 };
        countBytes(room, sim);
        return sim;
      }),
    );
    sims.push(...batch);
  }
  return sims;
}

/**
 * Everyone walks in a small circle at `hz`; in each instance one probe steps through marker x values
 * (exact in float32) and a watcher in the same instance timestamps when each marker arrives.
 */
async function drive(sims: Sim[], hz: number, seconds: number) {
  const latencies: number[] = [];
  const byInstance = new Map<string, Sim[]>();
  for (const s of sims) byInstance.set(s.room.roomId, [...(byInstance.get(s.room.roomId) ?? []), s]);
  const probes = new Map<Sim, Map<number, number>>();
  for (const members of byInstance.values()) {
    if (members.length < 2) continue;
    const [probe, watcher] = [members[0]!, members[1]!];
    const sent = new Map<number, number>();
    probes.set(probe, sent);
    let last = NaN;
    watcher.room.onStateChange((state: { avatars?: Map<string, AvatarStateShape> }) => {
      const x = state.avatars?.get(probe.room.sessionId)?.x;
      if (x === undefined || x === last) return;
      last = x;
      const t = sent.get(x);
      if (t !== undefined) latencies.push(performance.now() - t);
    });
  }
  let tick = 0;
  let movesSent = 0;
  const phase = sims.map(() => Math.random() * Math.PI * 2);
  const timer = setInterval(() => {
    tick++;
    sims.forEach((s, i) => {
      const sent = probes.get(s);
      if (sent) {
        const x = ((tick % 40) - 20) * 0.25;
        sent.set(x, performance.now());
        s.room.send(SPACE_MESSAGES.move, { x, y: 0, z: 0, ry: 0, anim: 'walk' });
        movesSent++;
        return;
      }
      const a = phase[i]! + tick * 0.05;
      s.room.send(SPACE_MESSAGES.move, { x: Math.cos(a) * 3, y: 0, z: Math.sin(a) * 3, ry: a, anim: 'walk' });
      movesSent++;
    });
  }, TICK(hz));
  for (const s of sims) s.bytes = 0;
  await sleep(seconds * 1000);
  clearInterval(timer);
  // What the one simulating process managed to send: below `hz` it, not the server, is the limit.
  const sentHz = movesSent / sims.length / seconds;
  return { latencies: latencies.sort((a, b) => a - b), instances: byInstance.size, sentHz };
}

async function leaveAll(sims: Sim[]) {
  await Promise.race([Promise.allSettled(sims.map((s) => s.room.leave())), sleep(3000)]);
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
  const people = await makePeople(db.db, 50, 'bench');
  const space = await makeSpace(db.db);

  // ── 10 instances × 25 clients at 20 Hz, one process ──
  const SECONDS = 10;
  const sims = await joinMany([one.baseURL], people, space.id, 250);
  const cpu0 = cpuSeconds(one.pid);
  const t0 = performance.now();
  const { latencies, instances, sentHz } = await drive(sims, 20, SECONDS);
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(one.pid) - cpu0;
  const bytes = sims.reduce((n, s) => n + s.bytes, 0);
  line('clients / instances (one process)', `${sims.length} / ${instances}`, '250 / 10');
  line('moves sent per client per second', sentHz.toFixed(1), '20 (one client process drives all)');
  line('server CPU per client', `${((cpu / wall / sims.length) * 1000).toFixed(2)} ms CPU per s (${((cpu / wall) * 100).toFixed(0)}% of a core for all)`);
  line('state-update latency p50 / p99', `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} samples)`, 'p99 < 150 ms on loopback');
  line('bytes received per client per second', `${(bytes / sims.length / wall / 1024).toFixed(1)} KiB/s`);
  await leaveAll(sims);

  // ── 1,000 clients across two processes sharing Redis, 15 Hz, bounded ──
  await one.stop();
  servers.length = 0;
  const redisEnv = { ...env, ...isolatedRedis() };
  const a = await startServer(redisEnv);
  const b = await startServer(redisEnv);
  servers.push(a, b);
  const joinStart = performance.now();
  const many = await joinMany([a.baseURL, b.baseURL], people, space.id, 1000);
  const joinSecs = (performance.now() - joinStart) / 1000;
  const cpuA0 = cpuSeconds(a.pid);
  const cpuB0 = cpuSeconds(b.pid);
  const t1 = performance.now();
  const big = await drive(many, 15, 20);
  const wall2 = (performance.now() - t1) / 1000;
  const cpuA = cpuSeconds(a.pid) - cpuA0;
  const cpuB = cpuSeconds(b.pid) - cpuB0;
  const bytes2 = many.reduce((n, s) => n + s.bytes, 0);
  line('clients / instances (two processes, Redis)', `${many.length} / ${big.instances}`, '1000 / 40');
  line('moves sent per client per second (1,000)', big.sentHz.toFixed(1), '15');
  line('joined in', `${joinSecs.toFixed(1)} s (${(many.length / joinSecs).toFixed(0)} joins/s)`);
  line('server CPU, process A / B', `${((cpuA / wall2) * 100).toFixed(0)}% / ${((cpuB / wall2) * 100).toFixed(0)}% of a core`);
  line('state-update latency p50 / p99 (1,000)', `${percentile(big.latencies, 50).toFixed(1)} / ${percentile(big.latencies, 99).toFixed(1)} ms (${big.latencies.length} samples)`);
  line('bytes received per client per second (1,000)', `${(bytes2 / many.length / wall2 / 1024).toFixed(1)} KiB/s`);
  await leaveAll(many);
  await db.close();
} finally {
  await Promise.allSettled(servers.map((s) => s.stop()));
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
process.exit(0);
