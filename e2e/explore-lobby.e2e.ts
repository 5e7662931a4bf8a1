import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { LOBBY_SCENE_ID } from '@atrium/assets/lobby-id';
import { closeBrowser, startApp, type RunningApp } from './support/harness.ts';
import { pixelStats } from './support/pixels.ts';
import { LOAD_TIMEOUT, poll, shot, viewerPage, waitFrames, waitReady, type Page, type TestWindow, type Vec3 } from './support/viewer.ts';

// Home → "Explore in 3D" → the seeded lobby (seed step 0005-lobby-*) → a portal → a featured space;
// "Browse as a grid" stays the other way in.

let app: RunningApp;
let page: Page;
let lobby: SceneDocument;
let titles: Map<string, string>;

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
  const rows = await app.sql!.query<{ id: string; title: string; published_content: SceneDocument }>(
    'select id, title, published_content from scenes where state = $1',
    ['Published'],
  );
  titles = new Map(rows.rows.map((r) => [r.id, r.title]));
  lobby = rows.rows.find((r) => r.id === LOBBY_SCENE_ID)!.published_content;
  page = await viewerPage();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

async function expectLit(name: string) {
  await waitFrames(page, 3, 'a few frames so the sky settles');
  const s = await pixelStats(await shot(page, name));
  console.log(`${name}: luma mean ${s.mean.toFixed(0)} sd ${s.stdDev.toFixed(1)} · dark ${(s.darkShare * 100).toFixed(1)}% · ${s.colours} colours`);
  expect(s.mean, `${name} is not dark`).toBeGreaterThan(60);
  expect(s.darkShare, `${name} is not mostly black`).toBeLessThan(0.5);
  expect(s.stdDev, `${name} has structure, not a flat fill`).toBeGreaterThan(12);
  expect(s.colours, `${name} has real colour variety`).toBeGreaterThan(40);
}

describe('home: Explore in 3D and Browse as a grid', () => {
  it('"Explore in 3D" opens the lobby, whose portals are the featured spaces, labelled with their titles', async () => {
    expect(lobby.portals.length).toBeGreaterThanOrEqual(8);
    for (const p of lobby.portals) {
      expect(p.target.kind).toBe('scene');
      expect(p.title).toBe(titles.get((p.target as { sceneId: string }).sceneId));
    }
    await page.goto(`${app.baseURL}/`);
    await page.getByRole('link', { name: 'Explore in 3D' }).click();
    await page.waitForURL(`**/viewer/${LOBBY_SCENE_ID}`, { timeout: LOAD_TIMEOUT });
    await waitReady(page, LOBBY_SCENE_ID);
    await expectLit('explore-3d-lobby');
    await poll(() => page.title()).toContain('Atrium Lobby');
  }, LOAD_TIMEOUT * 2);

  it('walking into a portal opens the featured space it is labelled with', async () => {
    const portal = lobby.portals[0]!;
    const targetId = (portal.target as { sceneId: string }).sceneId;
    const [px, py, pz] = portal.position;
    const yaw = portal.rotation[1];
    // The ring faces (sin yaw, cos yaw); stand 2 m out on that side looking back at it.
    const fx = Math.sin(yaw), fz = Math.cos(yaw);
    await page.evaluate(
      ([pos, y]) => (window as unknown as TestWindow).__atriumEngine.teleport(pos as Vec3, [0, y as number, 0]),
      [[px + fx * 2, py, pz + fz * 2], Math.atan2(fx, fz)] as const,
    );
    await shot(page, 'explore-3d-lobby-portal');
    await page.keyboard.down('KeyW');
    await page.waitForURL(`**/viewer/${targetId}`, { timeout: LOAD_TIMEOUT });
    await page.keyboard.up('KeyW');
    await waitReady(page, targetId);
    await expectLit('explore-3d-portal-target');
    await poll(() => page.title()).toContain(titles.get(targetId)!);
  }, LOAD_TIMEOUT * 2);

  it('/explore/3d is a stable address for the lobby', async () => {
    await page.goto(`${app.baseURL}/explore/3d`);
    await page.waitForURL(`**/viewer/${LOBBY_SCENE_ID}`, { timeout: LOAD_TIMEOUT });
  }, LOAD_TIMEOUT);

  it('"Browse as a grid" opens the Explore grid', async () => {
    await page.goto(`${app.baseURL}/`);
    await page.getByRole('link', { name: 'Browse as a grid' }).click();
    await page.waitForURL(/\/explore\?view=grid$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The shared test server holds many other files' spaces, so which ones the first page shows varies:
    // check it lists published spaces as cards, not a particular one.
    await poll(() => page.getByTestId('space-card').count(), 'the grid lists spaces', LOAD_TIMEOUT).toBeGreaterThan(0);
    const shown = await page.getByTestId('space-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-scene-id')));
    expect(shown.every((id) => id !== null)).toBe(true);
    await shot(page, 'explore-grid');
    expect(page.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  }, LOAD_TIMEOUT);
});
