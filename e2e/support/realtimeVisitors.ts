import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type Page as PwPage } from 'playwright-core';
import { capRendering, CHROMIUM, CHROMIUM_ARGS, ROOT } from './harness.ts';
import { signUp as createAccount } from './accounts.ts';

// Visitors for realtime e2e tests: each in a browser of its own, signed up through the built-in
// provider, entering a space in the real viewer at the lightest settings.

export type Visitor = PwPage & { errors: string[] };
type Vec3 = [number, number, number];
interface AvatarsApi {
  ids(): string[];
  describe(id: string): { position: Vec3; yaw: number; anim: string; emote: string | null } | null;
}
declare global {
  interface Window {
    __atriumEngine?: {
      getPlayerPosition(): Vec3;
      teleport(p: Vec3, r?: Vec3): void;
      setRenderOptions(o: { renderScale?: number; targetFps?: number | null }): void;
      avatars: AvatarsApi;
    };
  }
}

const browsers: Browser[] = [];
const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });
export const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150, message });

/** Screenshots under .test-results/; generous timeout, a software-rendered frame can take seconds. */
export const snapVisitor = (page: Visitor, name: string) =>
  page.screenshot({ path: path.join(ROOT, '.test-results', `${name}.png`), timeout: 120_000 });

/**
 * One browser per visitor: two pages in one browser would leave the one not in front without
 * animation frames, and each visitor's engine must keep rendering while the other acts.
 */
export async function visitor(baseURL: string): Promise<Visitor> {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'],
  });
  browsers.push(b);
  const context = await b.newContext({ viewport: { width: 1000, height: 640 }, baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await capRendering(context);
  const page = (await context.newPage()) as Visitor;
  // Lowest settings: under SwiftShader on a shared machine a frame can take seconds.
  await page.addInitScript((v) => localStorage.setItem('atrium.viewer.settings', v), LOW);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

export async function closeVisitors() {
  await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => undefined)));
}

export const signUp = (page: Visitor, name: string, email: string, password = 'realtime-pass-42') =>
  createAccount(page, name, email, password);

/** Opens the space in the viewer and waits until it is ready; `serverLog` explains a failure. */
export async function enter(page: Visitor, sceneId: string, who: string, serverLog: () => string) {
  await page.goto(`/viewer/${sceneId}`);
  try {
    await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state'), 'viewer ready', 120_000).toBe('ready');
  } catch (err) {
    const text = await page.evaluate(() => `${document.visibilityState}: ${document.body.innerText.slice(0, 300)}`).catch(() => '?');
    throw new Error(`${who}: viewer not ready at ${page.url()}; page says: ${text}; errors: ${page.errors.join(' | ')}; server: ${serverLog().slice(-3000)}`, { cause: err });
  }
  // Two software-rendered (SwiftShader) viewers share two CPU cores with the server: keep each cheap.
  await page.evaluate(() => window.__atriumEngine!.setRenderOptions({ targetFps: 10, renderScale: 0.5 }));
}

export const others = (page: Visitor) => page.evaluate(() => window.__atriumEngine?.avatars.ids() ?? []);
export const seenAs = (page: Visitor, id: string) => page.evaluate((i) => window.__atriumEngine!.avatars.describe(i), id);
// Playwright's click waits for two animation frames of stability, which under SwiftShader here can
// take longer than a click timeout; the events are dispatched directly instead.
export const openPanel = (page: Visitor, label: string) => page.getByRole('button', { name: label, exact: true }).first().dispatchEvent('click');
