import diagnostics_channel from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchMaker } from '@colyseus/core';
import client from 'prom-client';
import type { DbHandle } from '../db/client.ts';
import type { QueueDepth } from '../jobs/queue.ts';
import { assertMetricsReader } from './access.ts';
import { modelOptimised, realtimeMessage, type ModelOptimisedEvent } from './channels.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

// Node's own figures (CPU, memory, GC, event-loop lag) are per process: collected once, into a
// registry every app's /metrics merges with its own, so apps built and closed in tests don't pile up
// event-loop monitors.
let processRegistry: client.Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/**
 * `GET /metrics` in Prometheus' text format: HTTP latency per route and status, uploads, model
 * optimisation jobs, the database pool, realtime rooms/clients/messages and Node's own figures.
 */
async function metricsPlugin(app: FastifyInstance, opts: { database: DbHandle; token?: string; jobs?: { depth(): Promise<QueueDepth[]> } }) {
  const registry = new client.Registry();
  const http = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route (its template) and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const uploads = new client.Histogram({
    name: 'atrium_upload_duration_seconds',
    help: 'Multipart uploads, from the first byte to the answer, by route and status code',
    labelNames: ['route', 'status_code'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const optimisations = new client.Histogram({
    name: 'atrium_model_optimisation_duration_seconds',
    help: 'Background optimisation of uploaded 3D models, by result',
    labelNames: ['result'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const messages = new client.Counter({
    name: 'atrium_realtime_messages_total',
    help: 'WebSocket messages received from space room clients',
    registers: [registry],
  });
  new client.Gauge({
    name: 'atrium_realtime_rooms',
    help: 'Space instances (Colyseus rooms) in this process',
    registers: [registry],
    collect() {
      this.set(matchMaker.stats.local.roomCount);
    },
  });
  new client.Gauge({
    name: 'atrium_realtime_clients',
    help: 'Clients connected to space instances in this process',
    registers: [registry],
    collect() {
      this.set(matchMaker.stats.local.ccu);
    },
  });
  const { database } = opts;
  if (database.poolStats) {
    const stats = database.poolStats;
    new client.Gauge({
      name: 'atrium_db_pool_connections',
      help: 'PostgreSQL pool connections by state (idle, busy) and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'busy' }, s.total - s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    new client.Gauge({
      name: 'atrium_db_pool_max_connections',
      help: 'Largest number of connections the PostgreSQL pool opens',
      registers: [registry],
      collect() {
        this.set(stats().max);
      },
    });
  }
  new client.Gauge({
    name: 'atrium_db_up',
    help: '1 when the database answers a trivial query, 0 otherwise',
    labelNames: ['engine'],
    registers: [registry],
    async collect() {
      this.set({ engine: database.kind }, (await database.ping()) ? 1 : 0);
    },
  });

  const { jobs } = opts;
  if (jobs) {
    // One read of the queue per scrape feeds all three gauges.
    let pending: Promise<QueueDepth[]> | null = null;
    const depth = () => (pending ??= jobs.depth().finally(() => setImmediate(() => (pending = null))));
    const gauge = (name: string, help: string, pick: (d: QueueDepth) => number) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const d of await depth().catch(() => [])) this.set({ queue: d.queue }, pick(d));
        },
      });
    gauge('atrium_jobs_queued', 'Background jobs waiting to run (retries included), by queue', (d) => d.queued);
    gauge('atrium_jobs_active', 'Background jobs running now, by queue', (d) => d.active);
    gauge('atrium_jobs_oldest_queued_age_seconds', 'Age of the oldest waiting background job, by queue', (d) => d.oldestQueuedSeconds);
  }

  const onMessage = () => messages.inc();
  const onOptimised = (e: unknown) => {
    const { seconds, ok } = e as ModelOptimisedEvent;
    optimisations.observe({ result: ok ? 'ready' : 'failed' }, seconds);
  };
  diagnostics_channel.subscribe(realtimeMessage.name, onMessage);
  diagnostics_channel.subscribe(modelOptimised.name, onOptimised);
  app.addHook('onClose', async () => {
    diagnostics_channel.unsubscribe(realtimeMessage.name, onMessage);
    diagnostics_channel.unsubscribe(modelOptimised.name, onOptimised);
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route's template keeps the label set small; requests that matched no route share one label.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    http.observe({ method: req.method, route, status_code: status }, seconds);
    if (req.headers['content-type']?.startsWith('multipart/form-data')) uploads.observe({ route, status_code: status }, seconds);
  });

  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    assertMetricsReader(req, opts.token);
    const merged = client.Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).header('cache-control', 'no-store').send(await merged.metrics());
  });
}

export default fp(metricsPlugin, { name: 'atrium-metrics' });
