// Server cold start to ready, and /healthz throughput with autocannon (loopback only, bounded time).
import autocannon from 'autocannon';
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { startApp } from '../e2e/support/harness.ts';
import { line } from './support.ts';

buildWebIfStale();
const cold: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const app = await startApp();
  cold.push(performance.now() - t0);
  await app.stop();
}
line('server cold start to /readyz, empty ./data (ms)', cold.map((n) => n.toFixed(0)).join(' / '));

const pgT0 = performance.now();
const pgApp = await startApp({ database: 'postgres' });
line('server cold start to /readyz, PostgreSQL (ms)', (performance.now() - pgT0).toFixed(0));
await pgApp.stop();

const app = await startApp();
const result = await autocannon({ url: `${app.baseURL}/healthz`, connections: 50, duration: 8 });
line('/healthz requests/s (50 connections, 8 s)', result.requests.average.toFixed(0));
line('/healthz latency p50 / p99 (ms)', `${result.latency.p50} / ${result.latency.p99}`);
await app.stop();
