import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// Viewer pages around the 3D canvas: embed flags, error screens, Share, Settings, focus rule, phones.

type Page = Awaited<ReturnType<typeof newPage>>;
type Vec3 = [number, number, number];

/** The viewer exposes its engine as window.__atriumEngine to automated browsers (navigator.webdriver). */
interface TestWindow {
  __atriumEngine: {
    getPlayerPosition(): Vec3;
    teleport(p: Vec3, r?: Vec3): void;
    getStats(): { frames: number };
    getState(): { filtering: string; tour: { index: number } | null };
  };
}

let app: RunningApp;
let gallery: string;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) =>
  expect.poll(fn, { timeout, interval: 150, message });
const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });

async function insertScene(content: unknown): Promise<string> {
  const id = crypto.randomUUID();
  await app.sql!.query(
    `insert into scenes (id, title, state, visible, published_public, content, published_content, published_content_version, published_at)
     values ($1, 'Broken space', 'Published', true, true, $2, $2, 1, now())`,
    [id, JSON.stringify(content)],
  );
  return id;
}

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
  const rows = await app.sql!.query<{ id: string }>("select id from scenes where demo_key = 'demo-gallery'");
  gallery = rows.rows[0]!.id;
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

async function viewerPage(size?: { width: number; height: number }) {
  const page = await newPage(size);
  await page.addInitScript((s) => {
    if (!localStorage.getItem('atrium.viewer.settings')) localStorage.setItem('atrium.viewer.settings', s);
  }, LOW);
  return page;
}

async function ready(page: Page, path: string) {
  await page.goto(app.baseURL + path);
  await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state', { timeout: 90_000 }), `ready at ${path}`, 90_000).toBe('ready');
}

const frames = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getStats().frames);

describe('viewer: error screens', () => {
  it('shows not found for a missing space and for a malformed id', async () => {
    const page = await newPage();
    await page.goto(`${app.baseURL}/viewer/${crypto.randomUUID()}`);
    await poll(() => page.getByTestId('viewer-error-notFound').isVisible()).toBe(true);
    await snap(page, 'viewer-not-found');
    await page.goto(`${app.baseURL}/viewer/not-a-uuid`);
    await poll(() => page.getByTestId('viewer-error-notFound').isVisible()).toBe(true);
    expect(await page.locator('canvas').count()).toBe(0);
  });

  it('shows a clear message for a damaged document and for a future version, never a canvas', async () => {
    const invalid = await insertScene({ version: 1, pictures: [{ id: 'p1' }] });
    const future = await insertScene({ version: 999 });
    const page = await newPage();
    await page.goto(`${app.baseURL}/viewer/${invalid}`);
    await poll(() => page.getByTestId('viewer-error-invalid').isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { name: 'This space could not be opened' }).isVisible()).toBe(true);
    await snap(page, 'viewer-invalid');
    await page.goto(`${app.baseURL}/viewer/${future}`);
    await poll(() => page.getByTestId('viewer-error-unsupported').isVisible()).toBe(true);
    expect(await page.locator('canvas').count()).toBe(0);
  });

  it('shows access denied with Create space for a draft the visitor may not open', async () => {
    const page = await newPage();
    await page.goto(`${app.baseURL}/viewer/${gallery}?draft=true`);
    await poll(() => page.getByRole('heading', { name: msg.spaceAccessDeniedTitle }).isVisible()).toBe(true);
    await poll(() => page.getByText(msg.spaceAccessDeniedSubtitle).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: msg.createSpace }).getAttribute('href')).toBe('/curate');
    await snap(page, 'viewer-denied');
  });

  it('tells a browser without WebGL, without crashing', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type.startsWith('webgl')) return null;
        return (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto(`${app.baseURL}/viewer/${gallery}`);
    await poll(() => page.getByTestId('viewer-error-webgl').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });
});

describe('viewer: embed', () => {
  it('hides header, footer and sign-in with showSignIn=0, and shows sign-in with showSignIn=1', async () => {
    const page = await viewerPage({ width: 700, height: 500 });
    await ready(page, `/viewer/embed/${gallery}?showSignIn=0&showCommunications=0`);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await snap(page, 'viewer-embed');
    await ready(page, `/viewer/embed/${gallery}?showSignIn=1&showCommunications=0`);
    await poll(() => page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
  });
});

describe('viewer: panels', () => {
  it('Share copies the link, offers seven networks and builds the 700x500 embed snippet', async () => {
    const page = await viewerPage();
    await ready(page, `/viewer/${gallery}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox').inputValue()).toBe(`${app.baseURL}/viewer/${gallery}`);
    for (const target of ['Facebook', 'X', 'Reddit', 'WhatsApp', 'Viber', 'E-mail', 'LinkedIn']) {
      expect(await dialog.getByRole('link', { name: `Share on ${target}` }).count(), target).toBe(1);
    }
    await snap(page, 'viewer-share');

    // Spec §6: typing into a field outside the player must not walk the avatar.
    const before = await page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition());
    await dialog.getByRole('textbox').focus();
    const f0 = await frames(page);
    await page.keyboard.down('KeyW');
    await poll(async () => (await frames(page)) - f0 >= 10, 'frames pass with W held in a text field', 90_000).toBe(true);
    await page.keyboard.up('KeyW');
    const after = await page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition());
    expect(Math.hypot(after[0] - before[0], after[2] - before[2])).toBeLessThan(0.01);

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await poll(() => page.getByText(msg.copiedToClipboard).count(), 'copy toast', 5_000).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Embed' }).click();
    const snippet = dialog.getByRole('textbox', { name: 'Embed code' });
    expect(await snippet.inputValue()).toContain('width="700"');
    expect(await snippet.inputValue()).toContain('height="500"');
    expect(await snippet.inputValue()).toContain('showSignIn=0&amp;showCommunications=0');
    await dialog.getByLabel(/showSignIn/).check();
    expect(await snippet.inputValue()).toContain('showSignIn=1&amp;showCommunications=0');
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });

  it('Settings persist across reloads and reach the engine; Escape closes the panel', async () => {
    const page = await viewerPage();
    await ready(page, `/viewer/${gallery}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const panel = page.getByTestId('panel-settings');
    await poll(() => panel.isVisible()).toBe(true);
    await panel.getByRole('radio', { name: 'High' }).check({ force: true });
    await poll(() => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getState().filtering)).toBe('High');
    await snap(page, 'viewer-settings');
    await page.keyboard.press('Escape');
    await poll(() => panel.count()).toBe(0);
    await ready(page, `/viewer/${gallery}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('atrium.viewer.settings')!).filtering)).toBe('High');
    expect(await page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getState().filtering)).toBe('High');
  });

  it('Space info, Map and Sound', async () => {
    const page = await viewerPage();
    await ready(page, `/viewer/${gallery}`);
    await page.getByRole('button', { name: 'Space info', exact: true }).first().click();
    const info = page.getByTestId('panel-info');
    await poll(() => info.textContent()).toContain('Atrium Studio');
    await snap(page, 'viewer-info');
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const map = page.getByTestId('viewer-map');
    await poll(() => map.isVisible()).toBe(true);
    const before = await page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition());
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await poll(async () => {
      const p = await page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition());
      return Math.hypot(p[0] - before[0], p[2] - before[2]);
    }, 'map click teleports').toBeGreaterThan(0.5);
    await snap(page, 'viewer-map');
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await page.getByRole('button', { name: 'Sound', exact: true }).click();
    await poll(() => page.getByTestId('volume-value').textContent()).toBe('0');
    await page.getByRole('button', { name: 'Unmute', exact: true }).first().click();
    await poll(() => page.getByTestId('volume-value').textContent()).toBe('100');
  });
});

describe('viewer: phones', () => {
  it('suggests landscape on an upright phone until Continue', async () => {
    const page = await viewerPage({ width: 390, height: 844 });
    await ready(page, `/viewer/${gallery}`);
    const hint = page.getByRole('dialog', { name: 'Turn your phone sideways' });
    await poll(() => hint.isVisible()).toBe(true);
    await snap(page, 'viewer-phone-landscape-hint');
    await hint.getByRole('button', { name: 'Continue' }).click();
    await poll(() => hint.count()).toBe(0);
    await snap(page, 'viewer-phone');
  });
});
