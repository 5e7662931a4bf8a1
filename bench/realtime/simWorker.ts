// One worker thread of simulated visitors for bench/realtime.bench.ts: its own event loop, so the
// load generator is not what limits the send rate or delays the timestamps of state updates.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { Room } from '@colyseus/sdk';
import { SPACE_MESSAGES, wirePose, type AvatarStateShape } from '@atrium/shared';
import { joinSpace, spaceClient } from '../../apps/server/test/support/realtime.ts';
import type { DriveResult, ToWorker, WorkerSetup } from './protocol.ts';

const setup = workerData as WorkerSetup;
interface Sim {
  room: Room;
  bytes: number;
}
const sims: Sim[] = [];

function countBytes(sim: Sim) {
  const ws = (sim.room.connection.transport as unknown as { ws: WebSocket }).ws;
  ws.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as ArrayBuffer | Blob | string;
    sim.bytes += typeof d === 'string' ? d.length : d instanceof ArrayBuffer ? d.byteLength : d.size;
  });
}

/** The room keeps receiving state patches but no longer decodes them (see drive). */
function skipDecoding(sim: Sim) {
  const room = sim.room as unknown as { serializer: { patch: (...args: unknown[]) => void } };
  room.serializer.patch = () => {};
}

async function join(from: number, count: number) {
  for (let i = from; i < from + count; i += 25) {
    // A batch of at most one instance's worth at a time, so instances fill in order.
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, from + count - i) }, async (_, j) => {
        const k = i + j;
        const client = spaceClient(setup.bases[k % setup.bases.length]!, setup.tokens[k % setup.tokens.length]!);
        const room = await joinSpace(client, setup.sceneId);
        room.onMessage(SPACE_MESSAGES.welcome, () => {});
        room.onMessage(SPACE_MESSAGES.error, () => {});
        const sim: Sim = { room, bytes: 0 };
        countBytes(sim);
        return sim;
      }),
    );
    sims.push(...batch);
  }
}

/**
 * Everyone walks in a small circle at `hz`; in each instance one probe steps through marker x values
 * (whole centimetres, exact on the wire) and a watcher of this worker in the same instance timestamps their arrival.
 */
async function drive(hz: number, seconds: number): Promise<DriveResult> {
  const latencies: number[] = [];
  const byInstance = new Map<string, Sim[]>();
  for (const s of sims) byInstance.set(s.room.roomId, [...(byInstance.get(s.room.roomId) ?? []), s]);
  const probes = new Map<Sim, Map<number, number>>();
  for (const members of byInstance.values()) {
    // Every visitor still receives every patch (counted in bytes), but only the watcher decodes it:
    // on a real visit each visitor decodes on their own machine, and 2,500 decoders in two threads
    // here would measure this machine's client side, not the server (issue 21's bench).
    for (const s of members.slice(2)) skipDecoding(s);
    if (members.length < 2) continue;
    const [probe, watcher] = [members[0]!, members[1]!];
    skipDecoding(probe);
    const sent = new Map<number, number>();
    probes.set(probe, sent);
    let last = NaN;
    watcher.room.onStateChange((state: { avatars?: Map<string, AvatarStateShape> }) => {
      const wire = state.avatars?.get(probe.room.sessionId)?.x;
      const x = wire === undefined ? undefined : wirePose.metres(wire);
      if (x === undefined || x === last) return;
      last = x;
      const t = sent.get(x);
      if (t !== undefined) latencies.push(performance.now() - t);
    });
  }
  let tick = 0;
  let moves = 0;
  const phase = sims.map(() => Math.random() * Math.PI * 2);
  for (const s of sims) s.bytes = 0;
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const timer = setInterval(() => {
    tick++;
    sims.forEach((s, i) => {
      const sent = probes.get(s);
      if (sent) {
        const x = ((tick % 40) - 20) * 0.25;
        sent.set(x, performance.now());
        s.room.send(SPACE_MESSAGES.move, { x, y: 0, z: 0, ry: 0, anim: 'walk' });
      } else {
        const a = phase[i]! + tick * 0.05;
        s.room.send(SPACE_MESSAGES.move, { x: Math.cos(a) * 3, y: 0, z: Math.sin(a) * 3, ry: a, anim: 'walk' });
      }
      moves++;
    });
  }, 1000 / hz);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  const wall = (performance.now() - t0) / 1000;
  return {
    clients: sims.length,
    roomIds: sims.map((s) => s.room.roomId),
    latencies,
    bytes: sims.reduce((n, s) => n + s.bytes, 0),
    moves,
    wall,
    busy: performance.eventLoopUtilization(elu0).utilization,
  };
}

parentPort!.on('message', (m: ToWorker) => {
  const reply = (p: Promise<unknown>) =>
    p.then(
      (value) => parentPort!.postMessage({ ok: true, value }),
      (err: unknown) => parentPort!.postMessage({ ok: false, error: String(err) }),
    );
  if (m.kind === 'join') reply(join(m.from, m.count));
  else if (m.kind === 'drive') reply(drive(m.hz, m.seconds));
  else if (m.kind === 'leave')
    reply(Promise.race([Promise.allSettled(sims.splice(0).map((s) => s.room.leave())), new Promise((r) => setTimeout(r, 3000))]));
});
