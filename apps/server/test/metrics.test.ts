import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOptimised, realtimeMessage } from '../src/metrics/channels.ts';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { freePort } from './support/processes.ts';

// GET /metrics: Prometheus text for loopback clients (or token holders), and a real Prometheus
// (Debian's package, which npm test's preflight and .ci/run install) scraping it.

const scrape = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample line, e.g. `metric{a="b"} 3`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(databases)('metrics on %s', (name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('times HTTP requests per route template and status', async () => {
    for (const id of ['0190a0e4-0000-7000-8000-000000000001', '0190a0e4-0000-7000-8000-000000000002'])
      await app.inject({ method: 'GET', url: `/api/thumbnail/${id}` });
    await app.inject({ method: 'GET', url: '/healthz' });
    const text = await scrape(app);
    const route = text.split('\n').filter((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/api/thumbnail/:id"'));
    // Both ids under one template label (and one status), never one label per id.
    expect(route).toHaveLength(1);
    expect(route[0]).toMatch(/method="GET",route="\/api\/thumbnail\/:id",status_code="\d{3}"} 2$/);
    expect(text).not.toContain('0190a0e4-0000');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status_code="200"}');
  });

  it('reports the database, realtime and the event loop', async () => {
    const text = await scrape(app);
    expect(sample(text, `atrium_db_up{engine="${name}"}`)).toBe(1);
    if (name === 'postgres') {
      expect(sample(text, 'atrium_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'atrium_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'atrium_db_pool_max_connections')).toBe(10);
    } else expect(text).not.toContain('atrium_db_pool_connections');
    expect(sample(text, 'atrium_realtime_rooms')).toBe(0);
    expect(sample(text, 'atrium_realtime_clients')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('counts realtime messages and model optimisations published by their modules', async () => {
    const before = sample(await scrape(app), 'atrium_realtime_messages_total') ?? 0;
    realtimeMessage.publish(undefined);
    realtimeMessage.publish(undefined);
    modelOptimised.publish({ seconds: 3.2, ok: true });
    modelOptimised.publish({ seconds: 0.4, ok: false });
    const text = await scrape(app);
    expect(sample(text, 'atrium_realtime_messages_total')).toBe(before + 2);
    expect(sample(text, 'atrium_model_optimisation_duration_seconds_count{result="ready"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'atrium_model_optimisation_duration_seconds_bucket{le="2.5",result="ready"}')).toBe(
      sample(text, 'atrium_model_optimisation_duration_seconds_bucket{le="1",result="ready"}'),
    );
    expect(sample(text, 'atrium_model_optimisation_duration_seconds_count{result="failed"}')).toBeGreaterThanOrEqual(1);
  });

  it('times multipart uploads apart from other requests', async () => {
    const boundary = 'metricsboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot really\r\n--${boundary}--\r\n`;
    const res = await app.inject({ method: 'POST', url: '/api/picture', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    const text = await scrape(app);
    expect(sample(text, `atrium_upload_duration_seconds_count{route="/api/picture",status_code="${res.statusCode}"}`)).toBe(1);
    expect(text).not.toContain('atrium_upload_duration_seconds_count{route="/healthz"');
  });

  it('answers loopback clients only, unless a token is configured', async () => {
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);

    const token = 'metrics-token-0123456789';
    const { app: guarded } = await makeTestApp(db, {}, { METRICS_TOKEN: token });
    try {
      expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
      const ok = await guarded.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    } finally {
      await guarded.close();
    }
  });
});

describe('Prometheus scrapes /metrics', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let prometheus: ChildProcess | undefined;
  let dir: string;
  let log = '';
  beforeAll(async () => {
    db = await databases[0]![1]();
    ({ app } = await makeTestApp(db));
    await app.listen({ host: '127.0.0.1', port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-prometheus-'));
  });
  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus!.once('exit', r));
      prometheus.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (prometheus.exitCode === null) prometheus.kill('SIGKILL');
    }
    await app?.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the target up and reads Atrium series from it', async () => {
    const target = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
    fs.writeFileSync(
      path.join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: atrium\n    static_configs:\n      - targets: ['${target}']\n`,
    );
    const port = await freePort();
    prometheus = spawn(
      'prometheus',
      [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (d) => (log += d));
    prometheus.stderr!.on('data', (d) => (log += d));
    await app.inject({ method: 'GET', url: '/healthz' });
    const query = async (q: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(q)}`).catch(() => null);
      if (!res?.ok) return null;
      const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
      return body.data.result;
    };
    const until = Date.now() + 90_000;
    let up: Awaited<ReturnType<typeof query>> = null;
    while (Date.now() < until) {
      if (prometheus.exitCode !== null) throw new Error(`prometheus exited (${prometheus.exitCode}):\n${log}`);
      up = await query('up{job="atrium"}');
      if (up?.[0]?.value[1] === '1') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(up?.[0]?.value[1], `prometheus log:\n${log.slice(-2000)}`).toBe('1');
    const dbUp = await query('atrium_db_up');
    expect(dbUp?.[0]).toMatchObject({ metric: { engine: 'pglite', instance: target }, value: [expect.any(Number), '1'] });
    const health = await query('http_request_duration_seconds_count{route="/healthz"}');
    expect(Number(health?.[0]?.value[1])).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
