import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Real server processes (node apps/server/src/main.ts): the one spawner behind the server tests of
// several processes sharing one PostgreSQL schema and one Redis, the benches and the browser e2e
// harness (e2e/support/harness.ts adds a database schema and the web build on top).

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const READY_TIMEOUT_MS = 150_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  baseURL: string;
  pid: number;
  /** The process's own DATA_DIR (removed on stop). */
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a server on a free port with an empty data folder and waits until /readyz answers. No demo
 * seed unless `env` sets SEED=true; everything else in `env` overrides the defaults below.
 */
export async function startServer(env: Record<string, string> = {}, opts: { port?: number } = {}): Promise<ServerProcess> {
  // A fixed port lets a restarted process come back at the address a load balancer knows.
  const port = opts.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-proc-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED: 'false',
      RATE_LIMIT_MAX: '100000',
      // Journeys and benches sign many people up from 127.0.0.1; the sign-up limit has its own tests.
      SIGNUP_RATE_LIMIT_MAX: '100000',
      // Every sign-up and sign-in hashes a password; at the real cost that is most of a CPU-second each.
      TEST_FAST_PASSWORD_HASH: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // Generous but bounded: on a busy 2-core machine migrations and the demo seed alone can take a minute.
  const until = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000} s:\n${out}`);
    }
    const ok = await fetch(`${baseURL}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseURL,
    pid: child.pid!,
    dataDir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Redis URL on a database number of its own and a unique key prefix, so parallel runs never meet. */
export function isolatedRedis(base = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const db = 1 + crypto.randomInt(15);
  return { REDIS_URL: `${base}/${db}`, REDIS_KEY_PREFIX: `t${crypto.randomBytes(5).toString('hex')}` };
}
