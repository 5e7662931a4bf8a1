import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './processes.ts';

// The repository's own HAProxy configuration (ops/haproxy/haproxy.cfg) in front of test processes.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const HAPROXY_CONFIG = path.join(ROOT, 'ops/haproxy/haproxy.cfg');
export const HAPROXY_INSTALL = 'apt-get update && apt-get install -y haproxy';

const find = () => ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

/** The haproxy binary; installed with apt when missing and running as root (as .ci/run does), else null. */
export function haproxyBinary(): string | null {
  const found = find();
  if (found || process.getuid?.() !== 0) return found ?? null;
  spawnSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${HAPROXY_INSTALL} -qq`], { stdio: 'ignore', timeout: 300_000 });
  return find() ?? null;
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/** HAProxy on a free loopback port balancing `nodes` (node1, node2 … in order: host:port each). */
export async function startHaproxy(bin: string, nodes: string[]): Promise<Balancer> {
  const port = await freePort();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ATRIUM_LB_BIND: `127.0.0.1:${port}` };
  nodes.forEach((n, i) => (env[`ATRIUM_NODE${i + 1}`] = n));
  let out = '';
  const child: ChildProcess = spawn(bin, ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${out}`);
    if (Date.now() > until) throw new Error(`haproxy not listening after 10 s:\n${out}`);
    // Any answer (even 503 while no node is up yet) means it listens.
    if (await fetch(`${url}/readyz`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Waits until requests through the balancer have been answered by every one of `names`. */
export async function untilServedByAll(url: string, names: string[], ms = 60_000): Promise<void> {
  const seen = new Set<string>();
  const until = Date.now() + ms;
  while (names.some((n) => !seen.has(n))) {
    if (Date.now() > until) throw new Error(`balancer reached only ${[...seen].join(', ') || 'none'} of ${names.join(', ')}`);
    const res = await fetch(`${url}/readyz`).catch(() => null);
    const node = res?.headers.get('x-atrium-node');
    if (res?.ok && node) seen.add(node);
    else await new Promise((r) => setTimeout(r, 200));
  }
}
