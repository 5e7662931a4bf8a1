// Sign-in token issuance through the built-in provider (authorize → sign-in form → code → PKCE token,
// argon2 included) and authenticated GET /api/user/my latency with autocannon. Loopback only, bounded time.
import autocannon from 'autocannon';
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { startApp } from '../e2e/support/harness.ts';
import { line } from './support.ts';

buildWebIfStale();
const app = await startApp({ env: { SIGNIN_MAX_ATTEMPTS: '1000000' } });
try {
  const creds = { email: 'bench@example.org', password: 'bench-password-1' };
  const { access_token } = await tokenOverHttp(app.baseURL, { ...creds, signUpName: 'Bench' });

  const concurrency = 8;
  const until = performance.now() + 8000;
  let issued = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await tokenOverHttp(app.baseURL, creds);
        issued++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  line(
    'sign-in token issuance (full flow, 8 parallel)',
    `${(issued / secs).toFixed(1)} /s`,
    '≥ 5 /s; argon2id costs ~64 MiB and tens of ms per check by design',
  );

  const result = await autocannon({
    url: `${app.baseURL}/api/user/my`,
    headers: { authorization: `Bearer ${access_token}` },
    connections: 50,
    duration: 8,
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from /api/user/my`);
  line('GET /api/user/my requests/s (50 connections)', result.requests.average.toFixed(0));
  line(
    'GET /api/user/my latency p50 / p99 (ms)',
    `${result.latency.p50} / ${result.latency.p99}`,
    'p99 ≤ 250 ms on the embedded database',
  );
} finally {
  await app.stop();
}
