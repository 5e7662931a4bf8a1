import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE } from '@atrium/shared';
import { closeBrowser, newPage, startApp, type RunningApp } from './support/harness.ts';
import { LOAD_TIMEOUT, LOW_SETTINGS, poll, shot } from './support/viewer.ts';

// Issue 13 item 17: another site may frame the embed viewer, and nothing else (sign-in, editor).
// The framing page is served from a second local server, so it is a different origin (another port).

let app: RunningApp;
let other: http.Server;
let otherOrigin: string;
let sceneId: string;

beforeAll(async () => {
  app = await startApp();
  const spaces = (await (await fetch(`${app.baseURL}/api/publishedscene/metadata/search`)).json()) as { sceneId: string }[];
  sceneId = spaces[0]!.sceneId;
  other = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Other site</title><iframe id="f" src="${src.replace(/"/g, '&quot;')}" width="700" height="500"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((resolve) => other?.close(resolve));
  await app?.stop();
});

/** Opens the other site's page framing `src`; returns the page and the iframe's frame. */
async function frameFromOtherSite(src: string) {
  const page = await newPage({ width: 800, height: 600 });
  // The lightest viewer settings in every frame, as viewer tests use, so the framed space renders quickly.
  await page.addInitScript((settings) => {
    if (!localStorage.getItem('atrium.viewer.settings')) localStorage.setItem('atrium.viewer.settings', settings);
  }, LOW_SETTINGS);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('frame-ancestors')) refused.push(m.text());
  });
  await page.goto(`${otherOrigin}/?src=${encodeURIComponent(src)}`);
  const frame = await (await page.locator('#f').elementHandle())!.contentFrame();
  return { page, frame: frame!, refused };
}

describe('framing by another site', () => {
  it('shows the embed viewer inside another origin’s iframe', async () => {
    expect(new URL(otherOrigin).origin).not.toBe(new URL(app.baseURL).origin);
    const { page, frame, refused } = await frameFromOtherSite(`${app.baseURL}/viewer/embed/${sceneId}?showSignIn=0&showCommunications=0`);
    await frame.locator(`[data-scene-id="${sceneId}"][data-viewer-state="ready"]`).waitFor({ timeout: LOAD_TIMEOUT });
    expect(frame.url()).toContain(`/viewer/embed/${sceneId}`);
    expect(refused).toEqual([]);
    await shot(page, 'frame-embed-allowed');
  }, LOAD_TIMEOUT * 2);

  it('refuses to be framed on the sign-in page, the editor and the other app pages', async () => {
    const q = new URLSearchParams({
      client_id: 'atrium-web',
      response_type: 'code',
      scope: AUTH_SCOPE,
      redirect_uri: `${app.baseURL}${AUTH_CALLBACK_PATH}`,
      code_challenge: crypto.createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st',
      nonce: 'no',
    });
    const signIn = `${app.baseURL}/auth/auth?${q}`;
    // The authorize URL really ends on the sign-in form when visited directly.
    const direct = await newPage();
    await direct.goto(signIn);
    await poll(() => direct.locator('input[type="password"]').count()).toBeGreaterThan(0);

    for (const src of [signIn, `${app.baseURL}/login`, `${app.baseURL}/editor/${sceneId}`, `${app.baseURL}/curate`, `${app.baseURL}/viewer/${sceneId}`]) {
      const { page, frame, refused } = await frameFromOtherSite(src);
      await poll(() => refused.length, `a frame-ancestors refusal for ${src}`).toBeGreaterThan(0);
      expect(refused[0]).toContain("frame-ancestors 'self'");
      // Nothing of the app rendered in the frame.
      expect(await frame.locator('#root, input[type="password"]').count()).toBe(0);
      await page.close();
    }
  });
});
