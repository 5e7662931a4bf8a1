// Voice load on this machine only, bounded in people and time: simulated participants (werift,
// synthetic Opus at 32 kbit/s) in one space instance's voice room, each taking the browser's path:
// realtime presence in the instance (Colyseus), POST /api/voice/token, Janus's WebSocket API through
// the server's /api/voice/ws proxy, publish, then one subscription to everyone else. Steps of 5 up to
// 25 (the room's publisher limit); a step that cannot join everyone, cannot keep its senders at 50
// frames a second or loses more than a tenth of the audio ends the climb: that is what this machine
// holds. Prints per step: Janus CPU (from /proc/<pid>/stat), bytes per participant per second in and
// out, and join time p50/p99 (token request → publisher WebRTC connected).
import fs from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Room } from '@colyseus/sdk';
import { REALTIME_PROTOCOL_VERSION, VOICE_LIMITS } from '@atrium/shared';
import { openTestPostgres } from '../apps/server/test/support/db.ts';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import { joinSpace, listen, makePeople, makeSpace, spaceClient } from '../apps/server/test/support/realtime.ts';
import { startJanus } from '../apps/server/src/voice/janusProcess.ts';
import { line, percentile } from './support.ts';
import type { ToVoiceWorker, VoiceWorkerStats } from './voice/worker.ts';

const STEPS = [5, 10, 15, 20, 25].filter((n) => n <= VOICE_LIMITS.publishersPerRoom);
const SECONDS = Number(process.env.VOICE_BENCH_SECONDS ?? 8);
const WORKERS = Number(process.env.VOICE_BENCH_WORKERS ?? 2);

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function ask<T>(w: Worker, m: ToVoiceWorker): Promise<T> {
  return new Promise((resolve, reject) => {
    w.once('message', (r: { ok: boolean; value?: T; error?: string }) => (r.ok ? resolve(r.value as T) : reject(new Error(r.error))));
    w.postMessage(m);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const janus = await startJanus({ info: () => {}, warn: (o: object, m: string) => console.warn(m, o) });
if (!janus) {
  console.log('skipped: Janus is not installed (apt-get install janus), so there is no voice to measure');
  process.exit(0);
}
const db = await openTestPostgres();
const { app } = await makeTestApp(db, { voice: { mode: 'auto', janus, iceServers: [] } });
const base = await listen(app);
const rooms: Room[] = [];
let workers: Worker[] = [];
let failed = false;
try {
  const people = await makePeople(db.db, STEPS.at(-1)!, 'voicebench');
  const sceneId = (await makeSpace(db.db)).id;
  // Everyone is in the space instance first: the server hands voice tokens only to those inside it.
  const first = await joinSpace(spaceClient(base, people[0]!.token), sceneId);
  rooms.push(first);
  for (const p of people.slice(1)) rooms.push(await spaceClient(base, p.token).joinById(first.roomId, { protocol: REALTIME_PROTOCOL_VERSION, sceneId, draft: false }));
  const workerData = { base, sceneId, instanceId: first.roomId };
  workers = Array.from({ length: WORKERS }, () => new Worker(new URL('./voice/worker.ts', import.meta.url), { workerData }));
  console.log(`Janus pid ${janus.pid()}, one voice room, ${SECONDS} s of audio per step, clients in ${WORKERS} worker threads; media between this machine's own addresses`);

  for (let s = 0; s < STEPS.length; s++) {
    const n = STEPS[s]!;
    try {
      // Everyone arrives afresh, five at a time (each five together), spread over the workers.
      const joins: { participantId: string; joinMs: number }[] = [];
      for (let from = 0; from < n; from += 5) {
        const batch = people.slice(from, Math.min(n, from + 5)).map((p) => p.token);
        const answers = await Promise.all(workers.map((w, i) => ask<typeof joins>(w, { kind: 'join', apiKeys: batch.filter((_, k) => k % WORKERS === i) })));
        joins.push(...answers.flat());
      }
      const feeds = joins.map((j) => j.participantId);
      await Promise.all(workers.map((w) => ask(w, { kind: 'listen', feeds })));
      await Promise.all(workers.map((w) => ask(w, { kind: 'speak', on: true })));
      await sleep(1000); // warm-up: jitter of the first packets
      await Promise.all(workers.map((w) => ask(w, { kind: 'reset' })));
      const pid = janus.pid()!;
      const cpu0 = cpuSeconds(pid);
      const own0 = process.cpuUsage();
      const t0 = performance.now();
      await sleep(SECONDS * 1000);
      const stats = await Promise.all(workers.map((w) => ask<VoiceWorkerStats>(w, { kind: 'stats' })));
      const wall = (performance.now() - t0) / 1000;
      const cpu = (cpuSeconds(pid) - cpu0) / wall;
      const own = process.cpuUsage(own0);
      const clientCpu = (own.user + own.system) / 1e6 / wall;
      await Promise.all(workers.map((w) => ask(w, { kind: 'speak', on: false })));
      const sum = (k: keyof VoiceWorkerStats) => stats.reduce((a, x) => a + x[k], 0);
      const sendRate = sum('packetsOut') / (n * 50 * wall);
      const delivered = sum('packetsIn') / (sum('packetsOut') * (n - 1));
      const joinTimes = joins.map((j) => j.joinMs).sort((a, b) => a - b);
      console.log(`\n${n} participants`);
      line('  Janus CPU (share of one core)', `${(cpu * 100).toFixed(1)}%`);
      line('  simulated clients + server CPU (this process)', `${(clientCpu * 100).toFixed(1)}%`);
      line('  bytes per participant per second, in', `${Math.round(sum('bytesIn') / n / wall)} B/s`);
      line('  bytes per participant per second, out', `${Math.round(sum('bytesOut') / n / wall)} B/s`);
      line('  frames sent / 50 per second each', `${(sendRate * 100).toFixed(1)}%`);
      line('  packets delivered / sent × listeners', `${(delivered * 100).toFixed(1)}%`);
      line('  machine load average (1 min, 2 cores shared)', loadavg()[0]!.toFixed(1));
      line('  join time p50 / p99', `${percentile(joinTimes, 50).toFixed(0)} / ${percentile(joinTimes, 99).toFixed(0)} ms (${joinTimes.length} joins)`);
      if (sendRate < 0.9 || delivered < 0.9) {
        console.log(`  stopping: the simulated clients or Janus fell behind at ${n} participants on this machine`);
        break;
      }
    } catch (e) {
      console.log(`  ${n} participants could not all join: ${(e as Error).message}; stopping here`);
      failed = s === 0;
      break;
    } finally {
      await Promise.all(workers.map((w) => ask(w, { kind: 'leave' }).catch(() => null)));
      await sleep(1500); // Janus tears sessions down asynchronously
    }
  }
} finally {
  await Promise.all(workers.map((w) => w.terminate()));
  await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), sleep(1000)]);
  await app.close();
  await db.close();
  await janus.stop();
}
process.exit(failed ? 1 : 0);
