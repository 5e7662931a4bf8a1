// Starts real Atrium servers and a real Chromium for end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  /** Set when the app runs on PostgreSQL: a client on the app's own schema, for assertions. */
  sql?: pg.Client;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts `node apps/server/src/main.ts` (the built web app included) on a free port with an empty data
 * folder: the embedded PGlite by default, or a fresh schema on the machine's PostgreSQL.
 */
export async function startApp(opts: { database?: 'pglite' | 'postgres'; env?: Record<string, string> } = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '100000',
    ...opts.env,
  };
  let sql: pg.Client | undefined;
  let schema: string | undefined;
  if (opts.database === 'postgres') {
    schema = `e2e_${crypto.randomBytes(5).toString('hex')}`;
    sql = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await sql.connect();
    await sql.query(`create schema ${schema}`);
    env.DATABASE_URL = TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = schema;
  }
  let output = '';
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitReady(baseURL, child, () => output);
  return {
    baseURL,
    dataDir,
    ...(sql ? { sql } : {}),
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (sql && schema) {
        await sql.query(`drop schema if exists ${schema} cascade`);
        await sql.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return browser;
}

/** A page in its own context; console errors are collected on `page.errors` for assertions. */
export async function newPage(opts: { width?: number; height?: number; baseURL?: string } = {}): Promise<
  Page & { errors: string[] }
> {
  const b = await launchBrowser();
  const context = await b.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
  });
  contexts.push(context);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

export async function closeBrowser(): Promise<void> {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  browser = undefined;
}

/** Saves a screenshot under .test-results/ so a person can look at what the test saw. */
export async function snap(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, '.test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
