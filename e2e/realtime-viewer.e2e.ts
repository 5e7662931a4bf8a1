import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page as PwPage } from 'playwright-core';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startApp, type RunningApp } from './support/harness.ts';

// Two visitors in two browser contexts enter the same demo space: each sees the other's avatar move
// and wave, public chat arrives, and a direct message started from Live visitors arrives.

type Page = PwPage & { errors: string[] };

// One browser per visitor: two pages in one browser would leave the one not in front without
// animation frames, and each visitor's engine must keep rendering while the other acts.
const browsers: Browser[] = [];
/** Screenshots under .test-results/; generous timeout, a software-rendered frame can take seconds. */
const snap = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ROOT, '.test-results', `${name}.png`), timeout: 120_000 });
const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });
async function visitor(baseURL: string): Promise<Page> {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'],
  });
  browsers.push(b);
  const context = await b.newContext({ viewport: { width: 1000, height: 640 }, baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = (await context.newPage()) as Page;
  // Lowest settings: under SwiftShader on a shared machine a frame can take seconds.
  await page.addInitScript((v) => localStorage.setItem('atrium.viewer.settings', v), LOW);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}
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

let app: RunningApp;
let sceneId: string;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150, message });

async function signUp(page: Page, name: string, email: string) {
  await page.goto('/user');
  await page.waitForURL(/\/auth\/interaction\//);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('realtime-pass-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/);
}

async function enter(page: Page, who: string) {
  await page.goto(`/viewer/${sceneId}`);
  try {
    await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state'), 'viewer ready', 120_000).toBe('ready');
  } catch (err) {
    const text = await page.evaluate(() => `${document.visibilityState}: ${document.body.innerText.slice(0, 300)}`).catch(() => '?');
    throw new Error(`${who}: viewer not ready at ${page.url()}; page says: ${text}; errors: ${page.errors.join(' | ')}; server: ${app.output().slice(-3000)}`, { cause: err });
  }
  // Two software-rendered (SwiftShader) viewers share two CPU cores with the server: keep each cheap.
  await page.evaluate(() => window.__atriumEngine!.setRenderOptions({ targetFps: 10, renderScale: 0.5 }));
}

const others = (page: Page) => page.evaluate(() => window.__atriumEngine?.avatars.ids() ?? []);
const seenAs = (page: Page, id: string) => page.evaluate((i) => window.__atriumEngine!.avatars.describe(i), id);
// Playwright's click waits for two animation frames of stability, which under SwiftShader here can
// take longer than a click timeout; the events are dispatched directly instead.
const openPanel = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true }).first().dispatchEvent('click');

describe('realtime in the viewer (two browsers)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    console.log(`server output (tail):\n${app?.output().slice(-2500)}`);
    await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => undefined)));
    await app?.stop();
  });

  it('shows each other’s avatars moving and waving, and delivers public chat and a direct message', async () => {
    const alice = await visitor(app.baseURL);
    const bob = await visitor(app.baseURL);
    await signUp(alice, 'Alice Realtime', 'alice.rt@example.org');
    await signUp(bob, 'Bob Realtime', 'bob.rt@example.org');
    await enter(alice, 'alice');
    await enter(bob, 'bob');
    console.log('both in the space');

    await poll(() => others(alice).then((l) => l.length), 'alice sees one other avatar', 90_000).toBe(1);
    await poll(() => others(bob).then((l) => l.length), 'bob sees one other avatar', 90_000).toBe(1);
    const [bobAtAlice] = await others(alice);

    // Bob stands in front of Alice, then steps aside: Alice sees the avatar there and then move.
    const a = await alice.evaluate(() => window.__atriumEngine!.getPlayerPosition());
    await bob.evaluate((p) => window.__atriumEngine!.teleport(p as Vec3, [0, 0, 0]), [a[0], a[1], a[2] - 3] as Vec3);
    await poll(async () => (await seenAs(alice, bobAtAlice!))?.position[2] ?? 0, 'bob arrives in front of alice', 90_000).toBeLessThan(a[2] - 2);
    const before = (await seenAs(alice, bobAtAlice!))!.position;
    await bob.evaluate((p) => window.__atriumEngine!.teleport(p as Vec3, [0, 0, 0]), [a[0] + 1.5, a[1], a[2] - 3] as Vec3);
    await poll(
      async () => {
        const now = (await seenAs(alice, bobAtAlice!))!.position;
        return Math.hypot(now[0] - before[0], now[2] - before[2]);
      },
      'bob’s step reaches alice',
      90_000,
    ).toBeGreaterThan(1);
    console.log('walk seen');
    await openPanel(bob, 'Emotes');
    await bob.getByRole('button', { name: /Wave/ }).dispatchEvent('click');
    await poll(async () => (await seenAs(alice, bobAtAlice!))?.emote, 'alice sees bob wave', 60_000).toBe('wave');
    await snap(alice, 'realtime-alice-sees-bob-wave');

    console.log('wave seen');
    // Public chat, with markup kept as text.
    await openPanel(alice, 'Chat');
    await openPanel(bob, 'Chat');
    const hello = 'Hello <b>Bob</b>!';
    await alice.getByRole('tab', { name: 'Public' }).dispatchEvent('click');
    await bob.getByRole('tab', { name: 'Public' }).dispatchEvent('click');
    await alice.getByPlaceholder('Write a message…').fill(hello);
    await alice.getByPlaceholder('Write a message…').press('Enter');
    await poll(() => bob.getByTestId('chat-message').allTextContents(), 'public message at bob', 60_000).toContain(hello);
    expect(await bob.locator('[data-testid="chat-message"] b').count()).toBe(0);
    await snap(bob, 'realtime-bob-public-chat');

    // A direct message, started from Live visitors.
    await openPanel(alice, 'Live visitors');
    await alice.getByTestId('live-visitor').getByRole('button', { name: 'Chat' }).dispatchEvent('click');
    await openPanel(alice, 'Chat');
    await alice.getByRole('tab', { name: 'Direct' }).dispatchEvent('click');
    await alice.getByPlaceholder('Write a message…').fill('Just between us');
    await alice.getByPlaceholder('Write a message…').press('Enter');
    await bob.getByRole('tab', { name: 'Direct' }).dispatchEvent('click');
    const panelText = (p: Page) => p.evaluate(() => document.body.innerText.slice(0, 800));
    await bob
      .getByText('Alice Realtime')
      .first()
      .dispatchEvent('click', undefined, { timeout: 60_000 })
      .catch(async (err: unknown) => {
        throw new Error(`no conversation at bob.\nbob: ${await panelText(bob)}\nalice: ${await panelText(alice)}`, { cause: err });
      });
    await poll(() => bob.getByTestId('chat-message').allTextContents(), 'direct message at bob', 60_000).toContain('Just between us');
    await snap(bob, 'realtime-bob-direct');
    await openPanel(alice, 'Live visitors');
    await snap(alice, 'realtime-alice-live-visitors');
    expect(alice.errors.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([]);

    // 'Edit avatar' on the own profile stores the choice that the viewer then shows.
    await alice.goto('/user');
    await alice.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    await alice.getByRole('button', { name: 'Edit avatar' }).click();
    await alice.locator('[data-avatar-model="nova"]').click();
    await snap(alice, 'realtime-edit-avatar');
    const saved = alice.waitForResponse((r) => r.url().endsWith('/api/user/my/avatar') && r.request().method() === 'PUT');
    await alice.getByRole('button', { name: 'Save avatar' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { model: string }).model).toBe('nova');
  }, 480_000);
});
