import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page as PwPage } from 'playwright-core';
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { buildVrmFixture } from '@atrium/engine/avatars/vrm/fixture';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startApp, type RunningApp } from './support/harness.ts';
import { pixelStats } from './support/pixels.ts';
import { engineFrames } from './support/settled.ts';
import { signUp as createAccount } from './support/accounts.ts';

// Alice uploads a VRM in the avatar chooser and enters a space; Bob, in another browser, sees her
// as that VRM (loaded by three-vrm, not the built-in fallback) and it is drawn on his screen.

type Page = PwPage & { errors: string[] };
type Vec3 = [number, number, number];
interface EngineHook {
  getPlayerPosition(): Vec3;
  teleport(p: Vec3, r?: Vec3): void;
  setRenderOptions(o: { renderScale?: number; targetFps?: number | null }): void;
  avatars: {
    ids(): string[];
    describe(id: string): { position: Vec3; emote: string | null; body: 'builtIn' | 'vrm'; vrm: string } | null;
  };
}
// Inside page.evaluate only types survive the trip to the browser: the hook is reached by a cast.
type W = { __atriumEngine: EngineHook };

// Magenta: no demo space paints walls this colour, so its pixels on Bob's screen are Alice.
const MAGENTA: [number, number, number] = [1, 0, 1];
const browsers: Browser[] = [];
const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200, message });

async function visitor(baseURL: string): Promise<Page> {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'],
  });
  browsers.push(b);
  const context = await b.newContext({ viewport: { width: 900, height: 600 }, baseURL });
  const page = (await context.newPage()) as Page;
  await page.addInitScript((v) => localStorage.setItem('atrium.viewer.settings', v), LOW);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

const signUp = (page: Page, name: string, email: string) => createAccount(page, name, email, 'vrm-pass-4242');

/** Pixels that are clearly magenta (red and blue high, green low), whatever the lighting. */
async function magentaPixels(png: Buffer) {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    if (r > 90 && b > 90 && g < 0.55 * Math.min(r, b)) n++;
  }
  return n;
}

let app: RunningApp;
let sceneId: string;
const snap = async (page: Page, name: string) => {
  const file = path.join(ROOT, '.test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return page.screenshot({ path: file, timeout: 120_000 });
};

describe('VRM avatar (two browsers)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => undefined)));
    await app?.stop();
  });

  it('uploads a VRM in the avatar chooser; another visitor sees and renders it', async () => {
    const alice = await visitor(app.baseURL);
    const bob = await visitor(app.baseURL);
    await signUp(alice, 'Alice Vrm', 'alice.vrm@example.org');
    await signUp(bob, 'Bob Vrm', 'bob.vrm@example.org');

    // A file that is not a VRM is refused with the server's coded message.
    await alice.getByRole('button', { name: 'Edit avatar' }).click();
    const chooser = alice.getByRole('dialog');
    await chooser.getByRole('button', { name: 'Upload VRM' }).waitFor();
    const input = chooser.locator('input[type="file"]');
    await input.setInputFiles({ name: 'plain.vrm', mimeType: 'application/octet-stream', buffer: Buffer.from(buildVrmFixture({ version: 'none' })) });
    await alice.getByText(/not a VRM avatar/).waitFor({ timeout: 30_000 });

    // A VRM uploaded by mistake is deleted from the chooser (and is no longer chosen).
    const spare = alice.waitForResponse((r) => r.url().endsWith('/api/avatar') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'spare.vrm', mimeType: 'application/octet-stream', buffer: Buffer.from(buildVrmFixture({ name: 'Spare' })) });
    const spareId = ((await (await spare).json()) as { id: string }).id;
    await poll(() => chooser.locator(`[data-vrm-asset="${spareId}"]`).getAttribute('aria-pressed'), 'spare chosen').toBe('true');
    await chooser.locator(`[data-vrm-asset="${spareId}"]`).locator('xpath=..').getByRole('button', { name: 'Delete VRM' }).click();
    await chooser.getByRole('alertdialog').getByRole('button', { name: 'Delete VRM' }).click();
    await poll(() => chooser.locator(`[data-vrm-asset="${spareId}"]`).count(), 'spare gone').toBe(0);
    expect(await chooser.locator('[data-vrm-asset="none"]').getAttribute('aria-pressed')).toBe('true');

    const uploaded = alice.waitForResponse((r) => r.url().endsWith('/api/avatar') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'magenta.vrm', mimeType: 'application/octet-stream', buffer: Buffer.from(buildVrmFixture({ color: MAGENTA, name: 'Magenta' })) });
    const asset = (await (await uploaded).json()) as { id: string; modelUrl: string };
    await poll(() => chooser.locator(`[data-vrm-asset="${asset.id}"]`).getAttribute('aria-pressed'), 'new VRM chosen').toBe('true');
    await chooser.locator(`[data-vrm-asset="${asset.id}"] img`).evaluate((img: HTMLImageElement) => img.decode());
    await snap(alice, 'vrm-avatar-chooser');
    const saved = alice.waitForResponse((r) => r.url().endsWith('/api/user/my/avatar') && r.request().method() === 'PUT');
    await chooser.getByRole('button', { name: 'Save avatar' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { vrm: { assetId: string } }).vrm.assetId).toBe(asset.id);

    for (const [page, who] of [[alice, 'alice'], [bob, 'bob']] as const) {
      await page.goto(`/viewer/${sceneId}`);
      await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state'), `${who} viewer ready`, 180_000).toBe('ready');
      await page.evaluate(() => (window as unknown as W).__atriumEngine.setRenderOptions({ targetFps: 10, renderScale: 0.5 }));
    }
    await poll(() => bob.evaluate(() => (window as unknown as W).__atriumEngine.avatars.ids().length), 'bob sees alice', 90_000).toBe(1);
    const [aliceAtBob] = await bob.evaluate(() => (window as unknown as W).__atriumEngine.avatars.ids());
    await poll(async () => (await bob.evaluate((i) => (window as unknown as W).__atriumEngine.avatars.describe(i), aliceAtBob!))?.vrm, 'alice’s VRM loads at bob', 90_000).toBe('ready');
    expect((await bob.evaluate((i) => (window as unknown as W).__atriumEngine.avatars.describe(i), aliceAtBob!))?.body).toBe('vrm');

    // Alice steps in front of Bob. Looking the other way he sees none of her colour; facing her he does.
    const b = await bob.evaluate(() => (window as unknown as W).__atriumEngine.getPlayerPosition());
    await alice.evaluate((p) => (window as unknown as W).__atriumEngine.teleport(p as Vec3, [0, Math.PI, 0]), [b[0], b[1], b[2] - 3] as Vec3);
    await poll(async () => (await bob.evaluate((i) => (window as unknown as W).__atriumEngine.avatars.describe(i), aliceAtBob!))?.position[2] ?? 0, 'alice in front of bob', 60_000).toBeLessThan(b[2] - 2.5);
    await bob.evaluate((p) => (window as unknown as W).__atriumEngine.teleport(p as Vec3, [0, Math.PI, 0]), b);
    // The turned view drawn: a few of Bob's frames after the teleport, not a wall-clock pause.
    await engineFrames(bob, 3);
    const without = await magentaPixels(await snap(bob, 'vrm-bob-looks-away'));
    await bob.evaluate((p) => (window as unknown as W).__atriumEngine.teleport(p as Vec3, [0, 0, 0]), b);
    let shotPng: Buffer = Buffer.alloc(0);
    await poll(
      async () => {
        shotPng = await snap(bob, 'vrm-bob-sees-alice');
        return (await magentaPixels(shotPng)) - without;
      },
      'alice’s VRM drawn on bob’s screen',
      90_000,
    ).toBeGreaterThan(800);
    const stats = await pixelStats(shotPng);
    expect(stats.darkShare).toBeLessThan(0.5);
    expect(stats.stdDev).toBeGreaterThan(8);

    // Emotes play on the VRM too, and Bob sees them.
    await alice.getByRole('button', { name: 'Emotes', exact: true }).first().dispatchEvent('click');
    await alice.getByRole('button', { name: /Wave/ }).dispatchEvent('click');
    await poll(async () => (await bob.evaluate((i) => (window as unknown as W).__atriumEngine.avatars.describe(i), aliceAtBob!))?.emote, 'bob sees alice wave', 60_000).toBe('wave');
    await snap(bob, 'vrm-bob-sees-alice-wave');
    expect([...alice.errors, ...bob.errors]).toEqual([]);
  }, 600_000);
});
