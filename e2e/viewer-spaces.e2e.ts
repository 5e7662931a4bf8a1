import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { pixelStats } from './support/pixels.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// The seeded demo spaces (seed step 0002-demo-spaces) opened in the real viewer under SwiftShader.

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
let demos: { id: string; demoKey: string; title: string; doc: SceneDocument }[] = [];
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) =>
  expect.poll(fn, { timeout, interval: 150, message });

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
  const rows = await app.sql!.query<{ id: string; demo_key: string; title: string; published_content: SceneDocument }>(
    'select id, demo_key, title, published_content from scenes where demo_key is not null order by created_at',
  );
  demos = rows.rows.map((r) => ({ id: r.id, demoKey: r.demo_key, title: r.title, doc: r.published_content }));
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

// SwiftShader on a shared 2-core machine can drop to a few frames per second, so movement is
// measured in engine frames (each simulates at most 0.1 s), never in wall-clock time.
const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });

async function viewerPage() {
  const page = await newPage();
  await page.addInitScript((s) => localStorage.setItem('atrium.viewer.settings', s), LOW);
  return page;
}

/** Client-side navigation (as a link or portal would), so the app and its chunks stay loaded. */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openSpace(page: Page, path: string, clientSide = false) {
  if (clientSide) await navigate(page, path);
  else await page.goto(app.baseURL + path);
  await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state'), `viewer ready at ${path}`, 60_000).toBe('ready');
}

const position = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getPlayerPosition() as Vec3);
const teleport = (page: Page, p: Vec3, yaw: number) =>
  page.evaluate(([pos, y]) => (window as unknown as TestWindow).__atriumEngine.teleport(pos as Vec3, [0, y as number, 0]), [p, yaw] as const);
/** Yaw that makes the player look along (dx, dz); the engine's forward is (-sin yaw, -cos yaw). */
const yawToward = (dx: number, dz: number) => Math.atan2(-dx, -dz);

const frames = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getStats().frames);

/** Holds a key for at least `count` engine frames (and at least `minMs`). */
async function holdFrames(page: Page, key: string, count: number, minMs = 500) {
  const start = await frames(page);
  const t0 = Date.now();
  await page.keyboard.down(key);
  await poll(async () => (await frames(page)) - start >= count && Date.now() - t0 >= minMs, `${count} frames with ${key} down`, 90_000).toBe(true);
  await page.keyboard.up(key);
}

describe('viewer: demo spaces', () => {
  it('seeds one demo space per template family', () => {
    expect(demos.length).toBeGreaterThanOrEqual(8);
  });

  it('opens every demo space to a lit scene with the title in the tab', async () => {
    const page = await viewerPage();
    for (const [i, d] of demos.entries()) {
      const t0 = Date.now();
      await openSpace(page, `/viewer/${d.id}`, i > 0);
      const firstFrameMs = Date.now() - t0;
      const f0 = await frames(page);
      await poll(async () => (await frames(page)) - f0 >= 3, 'a few frames so the sky settles', 60_000).toBe(true);
      const png = await page.screenshot();
      await snap(page, `viewer-${d.demoKey}`);
      const s = await pixelStats(png);
      console.log(`${d.demoKey}: ready ${firstFrameMs} ms, mean ${s.mean.toFixed(0)}, sd ${s.stdDev.toFixed(1)}, dark ${(s.darkShare * 100).toFixed(1)}%, colours ${s.colours}`);
      expect(s.mean, `${d.demoKey} is not dark`).toBeGreaterThan(60);
      expect(s.darkShare, `${d.demoKey} is not mostly black`).toBeLessThan(0.3);
      expect(s.stdDev, `${d.demoKey} has structure, not a flat fill`).toBeGreaterThan(12);
      expect(s.colours, `${d.demoKey} has real colour variety`).toBeGreaterThan(40);
      expect(await page.title()).toContain(d.title);
    }
    expect(page.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('walks forward with W and stops at a wall', async () => {
    const gallery = demos[0]!;
    const page = await viewerPage();
    await openSpace(page, `/viewer/${gallery.id}`);
    const before = await position(page);
    await holdFrames(page, 'KeyW', 12);
    const after = await position(page);
    expect(Math.hypot(after[0] - before[0], after[2] - before[2]), 'camera moved forward').toBeGreaterThan(0.8);

    // Face a solid ground-floor wall from 1.5 m inside the room and keep walking for 3 s.
    const level = gallery.doc.customSpace!.levels[0]!;
    const floor = level.floors[0]!.polygon;
    const cx = floor.reduce((s, p) => s + p[0], 0) / floor.length;
    const cz = floor.reduce((s, p) => s + p[1], 0) / floor.length;
    const wall = level.walls.find((w) => w.openings.length === 0 && Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]) > 4)!;
    expect(wall).toBeTruthy();
    const [ax, az] = wall.start;
    const [bx, bz] = wall.end;
    const len = Math.hypot(bx - ax, bz - az);
    let nx = -(bz - az) / len, nz = (bx - ax) / len; // a unit normal
    const mx = (ax + bx) / 2, mz = (az + bz) / 2;
    if ((cx - mx) * nx + (cz - mz) * nz < 0) [nx, nz] = [-nx, -nz]; // point it into the room
    const start: Vec3 = [mx + nx * 1.5, level.elevation, mz + nz * 1.5];
    await teleport(page, start, yawToward(-nx, -nz));
    await holdFrames(page, 'KeyW', 45, 1500); // ≥ 4.5 s of walking at 0.1 s per frame, far more than 1.5 m
    const end = await position(page);
    const distance = (end[0] - mx) * nx + (end[2] - mz) * nz; // signed distance from the wall line
    console.log(`wall test: started 1.5 m away, stopped ${distance.toFixed(2)} m from the wall`);
    expect(distance, 'still inside the room').toBeGreaterThan(0.1);
    expect(distance, 'but did walk up to the wall').toBeLessThan(1.0);
    await snap(page, 'viewer-wall');
  });

  it('a portal takes you to its target space', async () => {
    const from = demos[0]!;
    const portal = from.doc.portals.find((p) => p.target.kind === 'scene')!;
    const target = portal.target as { kind: 'scene'; sceneId: string };
    const page = await viewerPage();
    await openSpace(page, `/viewer/${from.id}`);
    // Stand 2 m from the ring, face it and walk in.
    const [px, py, pz] = portal.position;
    const s = from.doc.startingPosition;
    const d = Math.hypot(s[0] - px, s[2] - pz) || 1;
    const ux = (s[0] - px) / d, uz = (s[2] - pz) / d;
    await teleport(page, [px + ux * 2, py, pz + uz * 2], yawToward(-ux, -uz));
    await page.keyboard.down('KeyW');
    await page.waitForURL(`**/viewer/${target.sceneId}`, { timeout: 90_000 });
    await page.keyboard.up('KeyW');
    await poll(() => page.locator('[data-viewer-state]').getAttribute('data-viewer-state'), 'target space ready', 60_000).toBe('ready');
    const next = demos.find((x) => x.id === target.sceneId)!;
    await poll(() => page.title()).toContain(next.title);
    await snap(page, 'viewer-after-portal');
  });

  it('a guided tour plays and advances with next', async () => {
    const space = demos.find((d) => d.doc.guidedTours.some((t) => t.points.length >= 2))!;
    const tour = space.doc.guidedTours.find((t) => t.points.length >= 2)!;
    const page = await viewerPage();
    await openSpace(page, `/viewer/${space.id}`);
    await page.getByRole('button', { name: 'Paths', exact: true }).click();
    await page.getByRole('button', { name: `Play ${tour.title}` }).click();
    const panel = page.getByTestId('tour-now');
    await poll(() => panel.textContent()).toContain(`Stop 1 of ${tour.points.length}`);
    const ordered = [...tour.points].sort((a, b) => a.order - b.order);
    await poll(() => panel.textContent()).toContain(ordered[0]!.title);
    await poll(() => page.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getState().tour?.index), 'tour at stop 1').toBe(0);
    const f0 = await frames(page);
    await poll(async () => (await frames(page)) - f0 >= 15, 'travel to the first stop (1.2 s)', 90_000).toBe(true);
    const first = await position(page);
    await page.getByRole('button', { name: 'Next stop' }).click();
    await poll(() => panel.textContent()).toContain(`Stop 2 of ${tour.points.length}`);
    await poll(() => panel.textContent()).toContain(ordered[1]!.title);
    await poll(async () => {
      const p = await position(page);
      return Math.hypot(p[0] - first[0], p[2] - first[2]);
    }, 'camera travels to stop 2', 90_000).toBeGreaterThan(0.5);
    await snap(page, 'viewer-tour');
  });
});
