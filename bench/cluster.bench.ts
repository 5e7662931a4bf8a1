// `npm run bench cluster`: one Atrium process against two behind HAProxy (ops/haproxy/haproxy.cfg),
// on one PostgreSQL schema, one Redis and one shared file folder. Each phase drives Explore search and
// scene saves (a PUT of the content, each client on its own space, chained on the answered version)
// with the same number of concurrent clients and prints requests/s and p99.
// On a 2-core machine the load generator, both processes, HAProxy and PostgreSQL share the cores,
// so the second process mainly shows the balancer's cost and the headroom left, not a doubling.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { emptySceneDocument } from '@atrium/shared';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { TEST_DATABASE_URL } from '../apps/server/test/support/db.ts';
import { haproxyBinary, HAPROXY_INSTALL, startHaproxy, untilServedByAll } from '../apps/server/test/support/haproxy.ts';
import { freePort, isolatedRedis, startServer, type ServerProcess } from '../apps/server/test/support/processes.ts';
import { makePeople, type Person } from '../apps/server/test/support/realtime.ts';
import { line, percentile } from './support.ts';

const SPACES = Number(process.env.BENCH_CLUSTER_SPACES ?? 5000);
const CLIENTS = Number(process.env.BENCH_CLUSTER_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const WORDS = ['harbor', 'gallery', 'forest', 'studio', 'castle', 'garden', 'museum', 'lobby'];

interface Result {
  rps: number;
  p99: number;
  errors: number;
}

/** `clients` loops calling `once(i)` for `seconds`; latencies of successful calls only. */
async function drive(clients: number, seconds: number, once: (i: number) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (Date.now() < end) {
        const t = performance.now();
        const ok = await once(i).catch(() => false);
        if (ok) latencies.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99: percentile(latencies, 99), errors };
}

async function main() {
  const bin = haproxyBinary();
  if (!bin) {
    console.log(`cluster bench needs haproxy: run \`${HAPROXY_INSTALL}\``);
    process.exit(2);
  }
  const schema = `bench_cl_${crypto.randomBytes(4).toString('hex')}`;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cluster-files-'));
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const nodes: ServerProcess[] = [];
  let stopLb = async () => {};
  try {
    const ports = [await freePort(), await freePort()];
    const lb = await startHaproxy(bin, ports.map((p) => `127.0.0.1:${p}`));
    stopLb = lb.stop;
    const env = {
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      ...isolatedRedis(),
      STORAGE_URL: `file://${files}`,
      PUBLIC_URL: lb.url,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'error',
    };
    nodes.push(await startServer({ ...env, REALTIME_NODE: 'node1' }, { port: ports[0]! }));
    nodes.push(await startServer({ ...env, REALTIME_NODE: 'node2' }, { port: ports[1]! }));
    await untilServedByAll(lb.url, ['node1', 'node2']);

    // Published spaces with one of a few words in the title, inserted in bulk.
    const db = await openPostgres(TEST_DATABASE_URL, schema);
    const [owner] = await makePeople(db.db, 1, 'clowner');
    const doc = JSON.stringify(emptySceneDocument());
    await db.exec(`
      insert into scenes (id, title, description, state, published_public, visible, owner_id, content, published_content, published_at)
      select gen_random_uuid(), 'Space ' || (array['${WORDS.join("','")}'])[1 + (g % ${WORDS.length})] || ' ' || g, 'bench', 'Published', true, true,
             '${owner!.id}', '${doc}'::jsonb, '${doc}'::jsonb, now() - (g || ' minutes')::interval
        from generate_series(1, ${SPACES}) g`);
    await db.exec('analyze');
    const writers: Person[] = await makePeople(db.db, CLIENTS, 'clw');
    const own: { id: string; version: number }[] = [];
    for (const w of writers) {
      const res = await fetch(`${lb.url}/api/scene/metadata`, {
        method: 'POST',
        headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bench save' }),
      });
      const made = (await res.json()) as { sceneId: string; contentVersion: number };
      own.push({ id: made.sceneId, version: made.contentVersion });
    }
    await db.close();

    const document = emptySceneDocument();
    const phase = async (label: string, base: string) => {
      let n = 0;
      const search = await drive(CLIENTS, SECONDS, async () => {
        const res = await fetch(`${base}/api/publishedscene/metadata/search?q=${WORDS[n++ % WORDS.length]}`);
        await res.arrayBuffer();
        return res.ok;
      });
      const saves = await drive(CLIENTS, SECONDS, async (i) => {
        const mine = own[i]!;
        const res = await fetch(`${base}/api/scene/content/${mine.id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${writers[i]!.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ baseVersion: mine.version, document }),
        });
        const body = (await res.json()) as { contentVersion?: number };
        if (res.ok && body.contentVersion) mine.version = body.contentVersion;
        return res.ok;
      });
      line(`${label}: Explore search`, `${search.rps.toFixed(0)} req/s, p99 ${search.p99.toFixed(1)} ms${search.errors ? `, ${search.errors} errors` : ''}`);
      line(`${label}: scene saves`, `${saves.rps.toFixed(0)} req/s, p99 ${saves.p99.toFixed(1)} ms${saves.errors ? `, ${saves.errors} errors` : ''}`);
      return { search, saves };
    };
    console.log(`${SPACES} published spaces, ${CLIENTS} concurrent clients, ${SECONDS} s per measurement, ${os.cpus().length} CPU cores`);
    // The balancer's own cost apart from the second process: HAProxy with both server lines on node1.
    const lbOne = await startHaproxy(bin, [0, 0].map(() => `127.0.0.1:${ports[0]}`));
    const one = await phase('one process', nodes[0]!.baseURL);
    const oneLb = await phase('one process behind HAProxy', lbOne.url);
    await lbOne.stop();
    const two = await phase('two behind HAProxy', lb.url);
    line('search req/s one behind HAProxy / direct', (oneLb.search.rps / one.search.rps).toFixed(2));
    line('search req/s two / one', (two.search.rps / one.search.rps).toFixed(2));
    line('save req/s two / one', (two.saves.rps / one.saves.rps).toFixed(2));
  } finally {
    await Promise.allSettled(nodes.map((n) => n.stop()));
    await stopLb();
    await admin.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
    await admin.end();
    fs.rmSync(files, { recursive: true, force: true });
  }
}

await main();
