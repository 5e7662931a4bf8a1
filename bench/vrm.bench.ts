// VRM avatars: server-side check + thumbnail of an upload, and the browser-side parse + retarget
// (run here under Node with the same three-vrm code), for the code-built fixture avatar (17 bones,
// 204 triangles, no textures; a typical VRoid export is 30–70k triangles and 5–20 MB of textures,
// so these are per-avatar floors). Also the size of the lazy three-vrm chunk when a web build exists.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildVrmFixture } from '../packages/engine/src/avatars/vrm/fixture.ts';
import { parseVrm, vrmClips } from '../packages/engine/src/avatars/vrm/load.ts';
import { checkVrm, vrmPreview } from '../apps/server/src/modules/assets/models/vrm.ts';
import { line, percentile } from './support.ts';

const RUNS = 20;
const bytes = Buffer.from(buildVrmFixture());
const time = async (fn: () => Promise<unknown>) => {
  const out: number[] = [];
  await fn(); // warm-up (validator and loader start-up)
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
};

line('fixture VRM size (KB)', (bytes.length / 1024).toFixed(1));
const server = await time(async () => {
  const v = await checkVrm('a.vrm', bytes);
  await vrmPreview(bytes, v.version);
});
line(`upload check + thumbnail p50 / p95 (ms, ${RUNS} runs)`, `${percentile(server, 50).toFixed(1)} / ${percentile(server, 95).toFixed(1)}`);
const engine = await time(async () => vrmClips(await parseVrm(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))));
line(`parse + retarget 12 clips p50 / p95 (ms, ${RUNS} runs)`, `${percentile(engine, 50).toFixed(1)} / ${percentile(engine, 95).toFixed(1)}`);

const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const assets = path.join(dist, 'assets');
const chunk = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /\.js$/.test(f) && fs.readFileSync(path.join(assets, f), 'utf8').includes('VRMC_springBone')) : undefined;
if (chunk) {
  const js = fs.readFileSync(path.join(assets, chunk));
  line('lazy three-vrm chunk (KB raw / gzip)', `${(js.length / 1024).toFixed(0)} / ${(zlib.gzipSync(js).length / 1024).toFixed(0)}`);
} else {
  line('lazy three-vrm chunk', 'no web build found (set WEB_DIST)');
}
