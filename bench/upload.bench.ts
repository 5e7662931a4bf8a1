// Model uploads and the event loop: normal uploads next to the hostile one of issue 13 item 7 (several
// zips of zeros, ~1 MB that unpacked to ~600 MB) and a legal upload near the 200 MB unpack budget. Each
// scenario runs in its own process (so RSS figures do not inherit the previous one's high-water mark)
// with the server in that process (PGlite, requests through inject): the longest event-loop stall
// (perf_hooks.monitorEventLoopDelay and a 5 ms setInterval gap probe), the longest wait between /healthz
// answers asked every 10 ms, and the RSS growth are the server's own.
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formatBytes } from '@atrium/shared';
import { makeTestApp } from '../apps/server/test/support/app.ts';
import {
  glb,
  gltfWithFiles,
  multipart,
  sphereDocument,
  type Part,
} from '../apps/server/test/support/assetFixtures.ts';
import { openTestPglite } from '../apps/server/test/support/db.ts';
import { bearer } from '../apps/server/test/support/identity.ts';
import { signUpUser } from '../apps/server/test/support/users.ts';
import { compressibleZip, zerosZip } from '../apps/server/test/support/zipFixtures.ts';
import { line } from './support.ts';

const SCENARIOS = ['baseline', 'normal', 'multi', 'zeros', 'budget', 'legal'] as const;
const scenario = process.argv[2] as (typeof SCENARIOS)[number] | undefined;
if (!scenario) {
  let failed = 0;
  for (const name of SCENARIOS) {
    failed += spawnSync(process.execPath, [import.meta.filename, name], { stdio: 'inherit' }).status ? 1 : 0;
  }
  process.exit(failed ? 1 : 0);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const db = await openTestPglite();
const { app } = await makeTestApp(db, {}, { RATE_LIMIT_MAX: '10000000' });
const ada = await signUpUser(app, db, 'ada@example.org', 'Ada');

async function measure(
  label: string,
  parts: Part[] | null,
  goal?: { stallMs: number; rssMb: number },
  quiet = false,
) {
  const form = multipart({}, parts ?? []);
  await app.assets.jobs.idle();
  gc();
  const rss0 = process.memoryUsage.rss();
  const hwm0 = process.resourceUsage().maxRSS * 1024;
  let peak = rss0;
  let gap = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last - 5);
    last = now;
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let done = false;
  // The longest wait between two /healthz answers, asked every 10 ms: what a load balancer would see.
  let healthzGap = 0;
  let lastAnswer = performance.now();
  const health = (async () => {
    while (!done) {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`);
      healthzGap = Math.max(healthzGap, performance.now() - lastAnswer - 10);
      lastAnswer = performance.now();
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  // Without parts: the same probes over an idle second, the machine's own noise floor.
  const res = parts
    ? await app.inject({
        method: 'POST',
        url: '/api/model3d',
        headers: { ...bearer(ada.token), ...form.headers },
        payload: form.payload,
      })
    : await new Promise<null>((r) => setTimeout(() => r(null), 1000));
  const ms = performance.now() - t0;
  done = true;
  await health;
  loop.disable();
  clearInterval(probe);
  peak = Math.max(peak, process.memoryUsage.rss());
  const hwm = process.resourceUsage().maxRSS * 1024;
  const growth = Math.max(peak, hwm > hwm0 ? hwm : 0) - rss0;
  const stall = Math.max(loop.max / 1e6, gap);
  const answer = !res
    ? 'none (idle)'
    : res.statusCode < 300
      ? `${res.statusCode}`
      : `${res.statusCode} ${res.json().error.code}: ${res.json().error.message}`;
  if (quiet) return;
  console.log(`\n-- ${label}`);
  if (parts) line('  request size', formatBytes(form.payload.length));
  line('  answer', answer);
  line('  time to answer (ms)', ms.toFixed(0));
  line('  longest event-loop stall (ms)', stall.toFixed(0), goal ? `≤ ${goal.stallMs} ms` : undefined);
  line('  longest /healthz silence meanwhile (ms)', healthzGap.toFixed(0));
  line('  RSS growth (peak − before)', formatBytes(growth), goal ? `≤ ${goal.rssMb} MB` : undefined);
  line('  peak RSS', formatBytes(Math.max(peak, hwm > hwm0 ? hwm : 0)));
}

try {
  const model = await glb(sphereDocument(128, 64));
  // Warm-up: first-use costs (validator, glTF-Transform, zlib) are not the upload's.
  await measure('', [{ name: 'warm.glb', data: model }], undefined, true);
  const hostile = { stallMs: 50, rssMb: 256 };
  switch (scenario) {
    case 'baseline':
      await measure("baseline: no request, 1 s idle (the loaded machine's own noise)", null);
      break;
    case 'normal':
      await measure('normal model upload (one 16k-triangle glb)', [{ name: 'ball.glb', data: model }]);
      break;
    case 'multi': {
      const { gltf, bin, png } = await gltfWithFiles();
      await measure('normal multi-file upload (glTF + bin + png, zipped back)', [
        { name: 'scene.gltf', data: gltf },
        { name: 'scene.bin', data: bin },
        { name: 'albedo.png', data: png },
      ]);
      break;
    }
    case 'zeros': {
      // Issue 13 item 7 as reported: 3 zips × 200 entries of 1 MB − 1 byte of zeros, each zip under
      // the old per-zip 200 MB and each entry under the old 1 MB ratio floor.
      const bomb = zerosZip(200);
      const zips = [1, 2, 3].map((i) => ({ name: `zeros${i}.zip`, data: bomb }));
      await measure(
        'hostile: model + 3 zips of zeros (600 MB unpacked)',
        [{ name: 'model.glb', data: model }, ...zips],
        hostile,
      );
      break;
    }
    case 'budget': {
      // About 25:1 per entry: passes every per-entry check, so only the upload's budget stops it.
      const half = compressibleZip(110);
      const zips = [
        { name: 'a.zip', data: half },
        { name: 'b.zip', data: half },
      ];
      await measure(
        'hostile: model + 2 zips of 110 MB (25:1 each)',
        [{ name: 'model.glb', data: model }, ...zips],
        hostile,
      );
      break;
    }
    case 'legal':
      await measure('legal: model + zip of 190 MB (inflated, zipped back)', [
        { name: 'model.glb', data: model },
        { name: 'data.zip', data: compressibleZip(190) },
      ]);
      break;
  }
} finally {
  await app.close();
  await db.close();
}
