// Starts real Atrium servers and a real Chromium for end-to-end tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '../../apps/server/test/support/processes.ts';
import { sharedAppInfo, type SharedKind } from './shared-apps.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Debian's /usr/bin/chromium wrapper adds --enable-gpu-rasterization: every page tile would then be
  // drawn through SwiftShader's emulated GL on the CPU. Skia's own CPU raster does the same tiles for
  // less (the new-user journey: 157 s against 173 s); WebGL canvases still draw through SwiftShader.
  '--disable-gpu-rasterization',
];
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  /** Set when the app runs on PostgreSQL: a client on the app's own schema, for assertions. */
  sql?: pg.Client;
  /** The PostgreSQL schema, to start another process on the same data (`startApp({ schema })`). */
  schema?: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
  /**
   * Stops the process the way a deploy does (SIGTERM) and starts a new one at the same address on the
   * same PostgreSQL schema (an app of its own on PostgreSQL only: PGlite and stored files live in the
   * process's data folder).
   */
  restart?(): Promise<void>;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The e2e globalSetup's control endpoint for the servers shared by the whole browser run. */
    atriumSharedApps?: string;
  }
}

/** The control endpoint when running inside the e2e project (not in server tests, benches or scripts). */
async function sharedAppsControl(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('atriumSharedApps');
}

/** The browser run's shared server of a kind, as a RunningApp whose stop() leaves the server running. */
async function sharedApp(control: string, database: SharedKind): Promise<RunningApp> {
  const info = await sharedAppInfo(control, database);
  let sql: pg.Client | undefined;
  if (info.schema) {
    sql = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${info.schema}` });
    await sql.connect();
  }
  return {
    baseURL: info.baseURL,
    dataDir: info.dataDir,
    ...(sql ? { sql } : {}),
    ...(info.schema ? { schema: info.schema } : {}),
    output: () => (fs.existsSync(info.outputFile) ? fs.readFileSync(info.outputFile, 'utf8') : ''),
    async stop() {
      await sql?.end();
    },
  };
}

/**
 * Starts `node apps/server/src/main.ts` (the built web app included, demo content seeded) through the
 * one server spawner: the embedded PGlite by default, or a fresh schema on the machine's PostgreSQL.
 * With `schema` the process joins an existing schema (another process's, for scale-out tests) and
 * leaves dropping it to that schema's owner.
 *
 * In the browser run, a call with neither `env` nor `schema` gets the run's shared server of that
 * database kind (started once, seeded; each file signs up its own people and makes its own spaces,
 * so emails must be unique across files); `own: true` insists on a server of the file's own.
 */
export async function startApp(
  opts: { database?: 'pglite' | 'postgres'; schema?: string; env?: Record<string, string>; own?: boolean } = {},
): Promise<RunningApp> {
  const control = opts.own || opts.schema || (opts.env && Object.keys(opts.env).length > 0) ? undefined : await sharedAppsControl();
  if (control) return sharedApp(control, opts.database ?? 'pglite');
  const env: Record<string, string> = { SEED: 'true', ...opts.env };
  let sql: pg.Client | undefined;
  const owned = opts.schema ? undefined : `e2e_${crypto.randomBytes(5).toString('hex')}`;
  const schema = opts.schema ?? (opts.database === 'postgres' ? owned : undefined);
  if (schema) {
    sql = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await sql.connect();
    if (schema === owned) await sql.query(`create schema ${schema}`);
    env.DATABASE_URL = TEST_DATABASE_URL;
    env.DATABASE_SCHEMA = schema;
  }
  let server = await startServer(env).catch(async (err: unknown) => {
    if (sql && schema === owned) await sql.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
    await sql?.end();
    throw err;
  });
  return {
    baseURL: server.baseURL,
    // The restarted process has a data folder of its own.
    get dataDir() {
      return server.dataDir;
    },
    ...(sql ? { sql } : {}),
    ...(schema ? { schema } : {}),
    output: () => server.output(),
    ...(schema
      ? {
          async restart() {
            const port = Number(new URL(server.baseURL).port);
            await server.stop();
            server = await startServer({ ...env, SEED: 'false' }, { port });
          },
        }
      : {}),
    async stop() {
      await server.stop();
      if (sql && schema === owned) await sql.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
      await sql?.end();
    },
  };
}

/**
 * What every test page's engines draw at most (the web app's test render cap, honoured by automated
 * browsers only): SwiftShader renders on the CPU, and full-size frames at the display rate would keep
 * a core busy through every test that merely has a space open. A test that checks what frames look
 * like in full passes `fullRender: true` to newPage.
 */
export const TEST_RENDER = { renderScale: 0.5, targetFps: 10 };
export const capRendering = (context: BrowserContext) =>
  context.addInitScript((cap) => {
    (window as unknown as { __atriumTestRender?: typeof cap }).__atriumTestRender = cap;
  }, TEST_RENDER);

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return browser;
}

/**
 * The browser's own user agent says HeadlessChrome, which the server (rightly) treats as a bot and
 * does not count as a visit. Test pages stand in for people, so they present the same Chrome version
 * the way a desktop browser does; pass `userAgent` to test what bots get.
 */
export const ordinaryUserAgent = (b: Browser) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${b.version()} Safari/537.36`;

/**
 * A page in its own context; console errors are collected on `page.errors` for assertions. The
 * editor's first-visit walkthrough counts as already seen (it would cover every editor test's first
 * click) unless `walkthrough` asks for a first visit; engines draw under TEST_RENDER unless
 * `fullRender`.
 */
export async function newPage(
  opts: { width?: number; height?: number; baseURL?: string; userAgent?: string; walkthrough?: boolean; fullRender?: boolean } = {},
): Promise<
  Page & { errors: string[] }
> {
  const b = await launchBrowser();
  const context = await b.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    userAgent: opts.userAgent ?? ordinaryUserAgent(b),
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
  });
  contexts.push(context);
  await closeWithTest(context);
  if (!opts.fullRender) await capRendering(context);
  if (!opts.walkthrough) await context.addInitScript(() => localStorage.setItem('atrium.editor.walkthroughSeen', '1'));
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

/**
 * In the browser run, a page opened inside a test is closed when that test ends: a space left open
 * keeps SwiftShader drawing on the CPU through every later test of the file. Pages opened in a hook
 * (beforeAll), which later tests share, stay until closeBrowser.
 */
async function closeWithTest(context: BrowserContext): Promise<void> {
  if (!(await sharedAppsControl())) return;
  const { onTestFinished } = await import('vitest');
  try {
    onTestFinished(async () => {
      const i = contexts.indexOf(context);
      if (i >= 0) contexts.splice(i, 1);
      await context.close().catch(() => undefined);
    });
  } catch {
    // Not inside a test: a hook's page, shared by the tests after it.
  }
}

export async function closeBrowser(): Promise<void> {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  browser = undefined;
}

/**
 * Waits until every finite CSS transition and animation on the page has finished (a drawer sliding
 * in, a modal fading in): before a screenshot, or before measuring where things ended up.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Saves a screenshot under .test-results/ so a person can look at what the test saw. */
export async function snap(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, '.test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
