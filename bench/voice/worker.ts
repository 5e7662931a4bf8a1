// A worker thread of simulated voice participants (bench/voice.bench.ts spreads them over a few, so
// one event loop's WebRTC and SRTP work does not set the pace for all of them).
import { parentPort, workerData } from 'node:worker_threads';
import { Participant } from './participant.ts';

export type ToVoiceWorker =
  | { kind: 'join'; apiKeys: string[] }
  | { kind: 'listen'; feeds: string[] }
  | { kind: 'speak'; on: boolean }
  | { kind: 'reset' }
  | { kind: 'stats' }
  | { kind: 'leave' };
export interface VoiceWorkerStats {
  bytesIn: number;
  packetsIn: number;
  bytesOut: number;
  packetsOut: number;
}

const setup = workerData as { base: string; sceneId: string; instanceId: string };
let group: Participant[] = [];
let clock: NodeJS.Timeout | null = null;

/** 50 frames a second per participant, caught up after a late timer so the rate holds on average. */
function speak(on: boolean) {
  if (clock) clearInterval(clock);
  clock = null;
  if (!on) return;
  const start = performance.now();
  let sent = 0;
  clock = setInterval(() => {
    const due = Math.floor((performance.now() - start) / 20);
    for (; sent < due; sent++) for (const p of group) p.speak();
  }, 10);
}

async function handle(m: ToVoiceWorker): Promise<unknown> {
  switch (m.kind) {
    case 'join': {
      const added = m.apiKeys.map((apiKey) => new Participant({ ...setup, apiKey }));
      group.push(...added);
      await Promise.all(added.map((p) => p.join()));
      return added.map((p) => ({ participantId: p.participantId, joinMs: p.joinMs }));
    }
    case 'listen':
      return Promise.all(group.map((p) => p.listen(m.feeds))).then(() => null);
    case 'speak':
      return speak(m.on);
    case 'reset':
      return group.forEach((p) => p.resetCounters());
    case 'stats':
      return group.reduce<VoiceWorkerStats>(
        (a, p) => ({ bytesIn: a.bytesIn + p.bytesIn, packetsIn: a.packetsIn + p.packetsIn, bytesOut: a.bytesOut + p.bytesOut, packetsOut: a.packetsOut + p.packetsOut }),
        { bytesIn: 0, packetsIn: 0, bytesOut: 0, packetsOut: 0 },
      );
    case 'leave': {
      speak(false);
      const gone = group;
      group = [];
      await Promise.all(gone.map((p) => p.leave()));
      return null;
    }
  }
}

parentPort!.on('message', (m: ToVoiceWorker) =>
  handle(m).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  ),
);
