import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, startServer, type ServerProcess } from '../../apps/server/test/support/processes.ts';
import { signIn } from './accounts.ts';
import { closeBrowser, newPage, snap } from './harness.ts';

// District tests need a server of their own: PUBLIC_URL must be on "localhost" (not 127.0.0.1) so
// that {sub}.localhost:{port}, which Chromium resolves to loopback with no set-up, are its district
// hosts. Each file gets a fresh PostgreSQL schema, dropped with its job schema afterwards.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface DistrictHost {
  base: string;
  port: number;
  /** A client on the file's own schema, for set-up a route does not offer (roles, raw rows). */
  sql: pg.Client;
  server: ServerProcess;
  /** The origin of the district host `sub`. */
  at(sub: string): string;
  close(): Promise<void>;
}

export async function startDistrictHost(): Promise<DistrictHost> {
  const schema = `e2e_${crypto.randomBytes(5).toString('hex')}`;
  const sql = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await sql.connect();
  await sql.query(`create schema ${schema}`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startServer({ PUBLIC_URL: base, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema }, { port });
  return {
    base,
    port,
    sql,
    server,
    at: (sub) => `http://${sub}.localhost:${port}`,
    async close() {
      await closeBrowser();
      await server.stop();
      await sql.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
      await sql.end();
    },
  };
}

/** Fails with where the page is and what it shows, and a screenshot, instead of a bare timeout. */
export const orExplain = (page: Awaited<ReturnType<typeof newPage>>, name: string) => async (err: unknown) => {
  await snap(page, name);
  throw new Error(`${name} at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 600)} ${String(err)}`);
};

/**
 * Signs in over HTTP (accounts.ts signIn: no form; the provider's session cookie lands in the page's
 * context on the public host) and opens `url`, as a sign-in begun there ends. Tests of the sign-in
 * page itself use the form.
 */
export async function signInAt(page: Awaited<ReturnType<typeof newPage>>, url: string, email: string, password: string) {
  const u = new URL(url);
  await signIn(page, email, password, { origin: u.origin, goto: `${u.pathname}${u.search}` });
}

/** Signs in on the public host, then on the district host `sub` through the provider's session, landing on `path`. */
export async function signedInOn(host: DistrictHost, sub: string, email: string, password: string, path = '/') {
  const page = await newPage();
  await signIn(page, email, password, { origin: host.base, goto: '/user' });
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/);
  await page.goto(`${host.at(sub)}/login?redirect=${encodeURIComponent(path)}`);
  await page.waitForURL(`${host.at(sub)}${path}`);
  return page;
}

/** The mail to `to` in a server's outbox (.eml, quoted-printable), decoded; undefined until it is there. */
export function mailTo(server: ServerProcess, to: string): string | undefined {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const mail = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .find((m) => m.includes(to));
  return mail?.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
