import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import {
  LOAD_TIMEOUT, engineState, frames, navigate, poll, position, shot, viewerPage, waitFrames, waitReady, type Page,
} from './support/viewer.ts';

// Viewer pages around the 3D canvas: error screens, embed flags, Share, Settings, Space info, Map,
// Sound, the keyboard focus rule and the phone landscape hint. Spaces load once per page here.

let app: RunningApp;
let gallery: string;

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
    await page.goto(`${app.baseURL}/viewer/embed/${gallery}?showSignIn=0&showCommunications=0`);
    await waitReady(page, gallery);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log In' }).count()).toBe(0);
    await shot(page, 'viewer-embed');
    await navigate(page, `/viewer/embed/${gallery}?showSignIn=1&showCommunications=0`);
    await poll(() => page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
  }, LOAD_TIMEOUT * 2);
});

describe('viewer: panels on one visit', () => {
  // One page for every test of this visit (opened in a hook: a test's own pages close when it ends).
  let page: Page;
  beforeAll(async () => {
    page = await viewerPage();
  });

  it('loads with the title in the tab', async () => {
    await page.goto(`${app.baseURL}/viewer/${gallery}`);
    await waitReady(page, gallery);
    await poll(() => page.title()).toContain('Quiet Geometry');
  }, LOAD_TIMEOUT * 2);

  it('Share copies the link, offers seven networks and builds the 700x500 embed snippet; typing there does not walk', async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox').inputValue()).toBe(`${app.baseURL}/viewer/${gallery}`);
    for (const target of ['Facebook', 'X', 'Reddit', 'WhatsApp', 'Viber', 'E-mail', 'LinkedIn']) {
      expect(await dialog.getByRole('link', { name: `Share on ${target}` }).count(), target).toBe(1);
    }
    await shot(page, 'viewer-share');

    // Spec §6: keys typed into a field outside the player must not walk the avatar.
    const before = await position(page);
    await dialog.getByRole('textbox').focus();
    const f0 = await frames(page);
    await page.keyboard.down('KeyW');
    await poll(async () => (await frames(page)) - f0 >= 10, 'frames pass with W held in a text field', LOAD_TIMEOUT).toBe(true);
    await page.keyboard.up('KeyW');
    const after = await position(page);
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
    await shot(page, 'viewer-embed-dialog');
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  }, LOAD_TIMEOUT * 2);

  it('Space info shows title, description, creator and tags', async () => {
    await page.getByRole('button', { name: 'Space info', exact: true }).last().click();
    const info = page.getByTestId('panel-info');
    await poll(() => info.textContent()).toContain('Atrium Studio');
    await shot(page, 'viewer-info');
    await page.keyboard.press('Escape');
    await poll(() => info.count()).toBe(0);
  }, LOAD_TIMEOUT);

  it('Map shows the plan and a click teleports there', async () => {
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const map = page.getByTestId('viewer-map');
    await poll(() => map.isVisible()).toBe(true);
    const before = await position(page);
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await poll(async () => {
      const p = await position(page);
      return Math.hypot(p[0] - before[0], p[2] - before[2]);
    }, 'map click teleports', LOAD_TIMEOUT).toBeGreaterThan(0.5);
    await waitFrames(page, 2);
    await shot(page, 'viewer-map');
  }, LOAD_TIMEOUT * 2);

  it('Mute sets the volume to 0 and Unmute restores 100', async () => {
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await page.getByRole('button', { name: 'Sound', exact: true }).click();
    await poll(() => page.getByTestId('volume-value').textContent()).toBe('0');
    await page.getByRole('button', { name: 'Unmute', exact: true }).first().click();
    await poll(() => page.getByTestId('volume-value').textContent()).toBe('100');
  });

  it('Settings reach the engine and persist across a reload', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const panel = page.getByTestId('panel-settings');
    await poll(() => panel.isVisible()).toBe(true);
    // Mantine's segmented control hides the radio input; its label is what people click.
    await panel.locator('label', { hasText: /^High$/ }).click();
    expect(await panel.getByRole('radio', { name: 'High' }).isChecked()).toBe(true);
    await poll(async () => (await engineState(page)).filtering).toBe('High');
    await shot(page, 'viewer-settings');
    await page.keyboard.press('Escape');
    await poll(() => panel.count()).toBe(0);
    await page.reload();
    await waitReady(page, gallery);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('atrium.viewer.settings')!).filtering)).toBe('High');
    expect((await engineState(page)).filtering).toBe('High');
  }, LOAD_TIMEOUT * 2);

  it('suggests landscape on an upright phone until Continue', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const hint = page.getByRole('dialog', { name: 'Turn your phone sideways' });
    await poll(() => hint.isVisible()).toBe(true);
    await shot(page, 'viewer-phone-landscape-hint');
    await hint.getByRole('button', { name: 'Continue' }).click();
    await poll(() => hint.count()).toBe(0);
    await waitFrames(page, 2);
    await shot(page, 'viewer-phone');
  }, LOAD_TIMEOUT);
});
