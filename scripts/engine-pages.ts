// Serves the engine's demo pages (packages/engine/demo) with Vite and drives them in headless
// Chromium with SwiftShader WebGL. Used by the thumbnail renderer and the viewer bench.
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--no-sandbox',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface EnginePages {
  base: string;
  browser: Browser;
  open(pathAndQuery: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function startEnginePages(): Promise<EnginePages> {
  const root = path.resolve(import.meta.dirname, '../packages/engine/demo');
  const server: ViteDevServer = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    // No HMR: editing sources during a long batch must not reload the pages mid-render.
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
  const base = server.resolvedUrls!.local[0]!;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    base,
    browser,
    async open(pathAndQuery, viewport = { width: 640, height: 360 }) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => console.log(`  pageerror: ${e.message}`));
      page.on('console', (m) => { if (m.type() === 'error') console.log(`  console: ${m.text()}`); });
      await page.goto(new URL(pathAndQuery, base).toString(), { waitUntil: 'domcontentloaded', timeout: 180_000 });
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Waits for a page that sets `window[flag] = { ready | error }` and returns that object. */
export async function waitForPageState<T extends { ready: boolean; error?: string }>(page: Page, flag: string, timeout = 180_000): Promise<T> {
  await page.waitForFunction((f) => {
    const s = (window as unknown as Record<string, { ready?: boolean; error?: string } | undefined>)[f];
    return Boolean(s && (s.ready || s.error));
  }, flag, { timeout, polling: 250 });
  const state = await page.evaluate((f) => (window as unknown as Record<string, unknown>)[f], flag);
  if ((state as T).error) throw new Error((state as T).error);
  return state as T;
}
