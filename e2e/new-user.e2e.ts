import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { DEMO_SPACES, STUDIO_USER } from '@atrium/assets/demo-spaces';
import { snapToWall } from '../packages/engine/src/editor/snapping.ts';
import { closeBrowser, newPage, ROOT, snap, startApp, type RunningApp } from './support/harness.ts';
import { closeVisitors, enter, others, seenAs, signUp as signUpVisitor, snapVisitor, visitor } from './support/realtimeVisitors.ts';
import { navigate, type TestWindow } from './support/viewer.ts';

// A new user's first journey (issue 19), done only the way a person does it — no coordinate typed:
// sign up → the editor opens with real progress → find a template by searching (all its sizes
// listed) → drag six pictures onto three walls → a 3D text and a prop from their buttons → a three-stop
// tour named in each point's Properties → save → publish → the tour in the viewer shows those names;
// a second person visits and both see each other's avatar (a third, beside them, sees both for the
// screenshot), then opens each demo space. Prints its
// action count and wall time; screenshots land in .test-results/new-user-*.png.

type P = Awaited<ReturnType<typeof newPage>>;
/** The live editor session the web app exposes to automated browsers. */
type EditorWindow = Window & { __atriumEditor?: { history: { document: SceneDocument }; engine: { getCameraPose(): { position: number[]; rotation: number[] } } } };

let app: RunningApp;
const PASSWORD = 'new-user-pass-42';
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 200, message });
const doc = (page: P) => page.evaluate(() => (window as EditorWindow).__atriumEditor!.history.document);
/** Waits until `read` gives the same answer (to the millimetre) twice in a row: a camera or avatar that has stopped moving. */
async function settled(read: () => Promise<unknown>, message: string) {
  let last = '';
  await poll(async () => {
    const now = JSON.stringify(await read(), (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) : v));
    const same = now === last;
    last = now;
    return same;
  }, message).toBe(true);
}

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await closeVisitors();
  await closeBrowser();
  await app?.stop();
});

describe('a new user’s first journey (browser)', () => {
  it('signs up, builds a space with six pictures on three walls, a text, a prop and a named three-stop tour, publishes it and is visited', async () => {
    const started = Date.now();
    let actions = 0;
    /** One thing the user does (a click, a drag, typing a field). */
    const act = async <T>(what: Promise<T>): Promise<T> => {
      actions++;
      return what;
    };
    const page = await newPage({ baseURL: app.baseURL, width: 1440, height: 900 });
    page.setDefaultTimeout(90_000);

    // Sign up from "Create": the editor opens and shows its progress, not a blank page.
    await page.addInitScript(() => {
      const w = window as unknown as { __loadingSeen: number[] };
      w.__loadingSeen = [];
      const record = () => {
        const v = document.querySelector('[data-testid="editor-loading"]')?.getAttribute('data-percent');
        if (v != null && w.__loadingSeen.at(-1) !== Number(v)) w.__loadingSeen.push(Number(v));
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-percent'] });
    });
    await act(page.goto('/curate'));
    await page.waitForURL(/\/auth\/interaction\//);
    await act(page.getByRole('link', { name: 'Create an account' }).click());
    await act(page.getByLabel('Name').fill('Nell Newcomer'));
    await act(page.getByLabel('Email').fill('nell.newcomer@example.org'));
    await act(page.getByLabel('Password').fill(PASSWORD));
    await act(page.getByRole('button', { name: 'Create account' }).click());
    await page.waitForURL(/\/curate$/, { timeout: 120_000 });
    // Every percentage the loading screen shows, recorded in the page as it changes.
    const seen = () => page.evaluate(() => (window as unknown as { __loadingSeen?: number[] }).__loadingSeen ?? []);
    await poll(() => page.evaluate(() => Boolean((window as EditorWindow).__atriumEditor)), 'editor session ready', 240_000).toBe(true);
    const percents = await seen();
    console.log(`editor loading showed ${percents.join(', ')} %`);
    expect(percents.length).toBeGreaterThan(0);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents); // it only goes forward
    await page.getByTestId('editor-loading').waitFor({ state: 'detached' });
    await page.getByTestId('autosave-toggle').waitFor();

    // A premade space found by searching; every size is offered, the Large one taken.
    await act(page.getByTestId('template-search').fill('cube'));
    const list = page.getByTestId('template-list');
    await poll(() => list.locator('[data-testid^="template-family-"]').count(), 'one family found').toBe(1);
    // Small, Medium and Large are all listed (Large is premium: its price shows instead of Use).
    const family = list.getByTestId('template-family-gallery');
    for (const size of ['Small', 'Medium', 'Large']) await family.getByText(size, { exact: true }).waitFor();
    await family.getByTestId('template-price-gallery-l').waitFor();
    // Each size shows its engine-rendered thumbnail (not the family's cover photo as a fallback).
    await poll(
      () => family.locator('img').evaluateAll((imgs) => imgs.map((i) => { const img = i as HTMLImageElement; return img.complete && img.naturalWidth > 0 && /\/static\/thumbnails\/gallery-[sml]\.webp$/.test(img.src); })),
      'size thumbnails loaded',
    ).toEqual([true, true, true]);
    await act(list.getByTestId('template-gallery-m').click());
    await poll(async () => (await doc(page)).customSpace?.levels.length ?? 0, 'template loaded').toBeGreaterThan(0);
    const templatePictures = new Set((await doc(page)).pictures.map((p) => p.id));

    // Look into the room from above, then drag "Add picture" onto walls until three walls hold two each.
    await act(page.getByTestId('tool-view').click());
    await settled(() => page.evaluate(() => (window as EditorWindow).__atriumEditor!.engine.getCameraPose()), 'the overview has settled');
    await act(page.getByTestId('step-content').click());
    const canvas = page.getByTestId('editor-canvas');
    const box = (await canvas.boundingBox())!;
    // The inspector opens over the right 300 px once something is selected: drops stay left of it.
    const usable = (box.width - 320) / box.width;
    // Tried in this order: the left of the top and middle rows and the right of the bottom rows (where the
    // overview shows three different walls) first, then the rest of the grid for whatever is still missing.
    const grid: [number, number][] = [];
    for (const fy of [0.2, 0.5, 0.8, 0.35, 0.65]) for (const fx of [0.06, 0.5, 0.94, 0.28, 0.72]) grid.push([fx, fy]);
    const first: [number, number][] = [[0.06, 0.2], [0.5, 0.2], [0.06, 0.5], [0.5, 0.5], [0.94, 0.8], [0.94, 0.65]];
    const isFirst = ([x, y]: [number, number]) => first.some(([fx, fy]) => fx === x && fy === y);
    const spots = [...first, ...grid.filter((g) => !isFirst(g))].map(([fx, fy]): [number, number] => [fx * usable, fy]);
    const perWall = new Map<string, number>();
    let undone = 0;
    const done = () => [...perWall.values()].filter((n) => n >= 2).length >= 3;
    for (const [fx, fy] of spots) {
      if (done()) break;
      const before = new Set((await doc(page)).pictures.map((p) => p.id));
      await act(page.getByTestId('add-picture').dragTo(canvas, { targetPosition: { x: box.width * fx, y: box.height * fy } }));
      const added = await poll(async () => (await doc(page)).pictures.find((p) => !before.has(p.id)), 'a picture dropped').toBeTruthy().then(async () =>
        (await doc(page)).pictures.find((p) => !before.has(p.id))!,
      );
      const current = await doc(page);
      const wall = snapToWall(current, added.position, 0.3)?.wallId;
      // Hung inside the room: the picture faces the middle of the walls.
      const ends = current.customSpace!.levels[0]!.walls.flatMap((w) => [w.start, w.end]);
      const mid = [ends.reduce((n, e) => n + e[0], 0) / ends.length, ends.reduce((n, e) => n + e[1], 0) / ends.length];
      const inward = Math.sin(added.rotation[1]) * (mid[0]! - added.position[0]) + Math.cos(added.rotation[1]) * (mid[1]! - added.position[2]) > 0;
      console.log(`drop at (${fx.toFixed(2)}, ${fy}) → ${added.id} at ${added.position.map((v) => v.toFixed(2)).join(', ')} yaw ${added.rotation[1].toFixed(2)} on ${wall ?? 'no wall'}${inward ? '' : ' (outside)'}`);
      // Wherever it is dropped in the overview — the room's floor, a near wall's outside, the lawn
      // beyond — a picture hangs on a wall, inside the room, at eye height.
      expect(wall, `${added.id} on a wall`).toBeTruthy();
      expect(inward, `${added.id} faces into the room`).toBe(true);
      expect(Math.abs(added.position[1] - 1.6), `${added.id} at eye height`).toBeLessThan(0.65);
      const full = (perWall.get(wall!) ?? 0) >= 2 || (perWall.size >= 3 && !perWall.has(wall!));
      if (full) {
        // A wall already done, or a fourth wall: undo, as a person would.
        undone++;
        await act(page.getByTestId('tool-undo').click());
        await poll(async () => (await doc(page)).pictures.some((p) => p.id === added.id), 'drop undone').toBe(false);
        continue;
      }
      perWall.set(wall!, (perWall.get(wall!) ?? 0) + 1);
    }
    const hung = (await doc(page)).pictures.filter((p) => !templatePictures.has(p.id));
    console.log(`pictures per wall: ${JSON.stringify(Object.fromEntries(perWall))} (${undone} drops undone for landing on a wall already done)`);
    expect(hung).toHaveLength(6);
    expect([...perWall.values()].filter((n) => n === 2)).toHaveLength(3);

    // No new picture overlaps another picture (the template's included) on its wall.
    const all = (await doc(page)).pictures;
    for (const a of hung) {
      for (const b of all) {
        if (a.id === b.id || Math.abs(a.rotation[1] - b.rotation[1]) > 0.01) continue;
        const along = Math.hypot(a.position[0] - b.position[0], a.position[2] - b.position[2]);
        const apartSideways = along >= (a.width + b.width) / 2 - 0.01;
        const apartUp = Math.abs(a.position[1] - b.position[1]) >= (a.height + b.height) / 2 - 0.01;
        const sameWall = snapToWall(await doc(page), a.position, 0.3)?.wallId === snapToWall(await doc(page), b.position, 0.3)?.wallId;
        const what = (p: typeof a) => `${p.id} at ${p.position.map((v) => v.toFixed(2)).join(', ')} (${p.width.toFixed(2)} × ${p.height.toFixed(2)})`;
        if (sameWall) expect(apartSideways || apartUp, `${what(a)} clear of ${what(b)}`).toBe(true);
      }
    }

    // A 3D text and a prop, from their buttons: where the crosshair points, clear of the pictures.
    await act(page.getByTestId('text3d-input').fill('Welcome to my first gallery'));
    await act(page.getByTestId('add-text3d').click());
    await poll(async () => (await doc(page)).texts3d.length, 'text added').toBeGreaterThan(0);
    await act(page.getByTestId('step-style').click());
    await act(page.getByTestId('prop-list').getByRole('button').first().click());
    const propsNow = (await doc(page)).props.length;
    expect(propsNow).toBeGreaterThan(0);
    await snap(page, 'new-user-editor');

    // A three-stop tour; each point named and described in its Properties.
    await act(page.getByTestId('step-paths').click());
    await act(page.getByTestId('add-tour').click());
    await act(page.getByTestId('tour-title').last().fill('Nell’s first tour'));
    const stops = [
      ['The long wall', 'Two harbour scenes side by side.'],
      ['By the window', 'Morning light on the portraits.'],
      ['The welcome', 'Where every visit begins.'],
    ] as const;
    for (const [title, description] of stops) {
      await act(page.getByTestId('add-tour-point').last().click());
      const props = page.getByTestId('tour-point-properties');
      await act(props.getByTestId('point-title').fill(title));
      await act(props.getByTestId('point-description').fill(description));
    }
    // The new tour's list names its points (the template brought a tour of its own above it).
    const points = page.getByTestId('tour-points').last();
    const names = await points.getByTestId('tour-point-name').allInnerTexts();
    expect(names).toEqual(stops.map(([title]) => title));
    // Reopening the first point's Properties shows what was typed there.
    await act(points.getByTestId('tour-point-name').first().click());
    expect(await page.getByTestId('tour-point-properties').getByTestId('point-description').inputValue()).toBe(stops[0][1]);
    const tour = (await doc(page)).guidedTours.at(-1)!;
    expect(tour.points.map((p) => [p.title, p.description])).toEqual(stops.map((s) => [...s]));

    // Save under a name, then publish.
    await act(page.getByTestId('space-name').fill('Nell’s first gallery'));
    await act(page.getByTestId('save-button').click());
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    const sceneId = page.url().split('/editor/')[1]!;
    await act(page.getByTestId('step-publish').click());
    await act(page.getByTestId('open-publish-wizard').click());
    const wizard = page.getByRole('dialog', { name: 'Publish' });
    await act(wizard.getByLabel('Description').fill('Six pictures, a welcome and a short tour.'));
    const tags = wizard.getByLabel('Tags');
    await act(tags.pressSequentially('gallery;art;tour;'));
    await act(wizard.locator('input[type="file"][accept^="image/"]').first().setInputFiles(path.join(ROOT, 'apps/web/public/og-image.png')));
    await act(page.getByRole('button', { name: 'Apply' }).click());
    await page.locator('.reactEasyCrop_CropArea').waitFor({ state: 'detached' });
    await act(wizard.getByRole('button', { name: 'Next' }).click());
    await act(wizard.getByRole('radio').first().check());
    for (let i = 0; i < 3; i++) await act(wizard.getByRole('button', { name: 'Next' }).click());
    await act(wizard.getByRole('button', { name: 'Publish', exact: true }).click());
    await wizard.getByTestId('published-share').waitFor({ timeout: 60_000 });
    await act(page.keyboard.press('Escape'));
    await poll(() => page.getByTestId('space-state').innerText()).toMatch(/published/i);
    const editorDone = Date.now();
    await page.close();

    // Two people in the published space: the creator and a visitor see each other; the tour shows
    // the names given in Properties.
    const creator = await visitor(app.baseURL);
    const guest = await visitor(app.baseURL);
    await creator.goto('/user');
    await creator.waitForURL(/\/auth\/interaction\//);
    await creator.getByLabel('Email').fill('nell.newcomer@example.org');
    await creator.getByLabel('Password').fill(PASSWORD);
    await creator.getByRole('button', { name: /^Sign in$/ }).click();
    await creator.waitForURL(/\/user\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    await signUpVisitor(guest, 'Gus Guest', 'gus.guest@example.org');
    await enter(creator, sceneId, 'creator', () => app.output());
    await enter(guest, sceneId, 'guest', () => app.output());
    await poll(() => others(creator).then((l) => l.length), 'the creator sees the guest', 120_000).toBe(1);
    await poll(() => others(guest).then((l) => l.length), 'the guest sees the creator', 120_000).toBe(1);
    // The guest steps in front of the creator, facing them, for the two-avatar screenshot.
    const [guestSeen] = await others(creator);
    const c = await creator.evaluate(() => window.__atriumEngine!.getPlayerPosition());
    await guest.evaluate((p) => window.__atriumEngine!.teleport(p as [number, number, number], [0, Math.PI, 0]), [c[0], c[1], c[2] - 3]);
    await poll(async () => (await seenAs(creator, guestSeen!))?.position[2] ?? 0, 'the guest arrives in front of the creator', 120_000).toBeLessThan(c[2] - 2);
    await settled(() => seenAs(creator, guestSeen!), 'the guest stands still in the creator’s view');
    await snapVisitor(creator, 'new-user-viewer-guest-seen-by-creator');
    // Each sees the other in the first person; a third visitor beside them sees both avatars at once.
    const onlooker = await visitor(app.baseURL);
    await signUpVisitor(onlooker, 'Ona Onlooker', 'ona.onlooker@example.org');
    await enter(onlooker, sceneId, 'onlooker', () => app.output());
    await poll(() => others(onlooker).then((l) => l.length), 'the onlooker sees both', 120_000).toBe(2);
    // Three metres to the side, halfway between them, looking across (yaw π/2 faces -x).
    await onlooker.evaluate((p) => window.__atriumEngine!.teleport(p as [number, number, number], [0, Math.PI / 2, 0]), [c[0] + 3, c[1], c[2] - 1.5]);
    await settled(() => onlooker.evaluate(() => window.__atriumEngine!.getPlayerPosition()), 'the onlooker stands still');
    await settled(async () => Promise.all((await others(onlooker)).map((id) => seenAs(onlooker, id))), 'both avatars stand still');
    await snapVisitor(onlooker, 'new-user-viewer-two-avatars');
    // Only the guest goes on: the others' viewers would keep drawing (SwiftShader, on the CPU) through the rest.
    await onlooker.close();
    await creator.close();
    await guest.getByRole('button', { name: 'Paths', exact: true }).first().dispatchEvent('click');
    await guest.getByRole('button', { name: 'Play Nell’s first tour' }).dispatchEvent('click');
    const now = guest.getByTestId('tour-now');
    await poll(() => now.textContent(), 'first stop named').toContain(stops[0][0]);
    expect(await now.textContent()).toContain(stops[0][1]);
    await snapVisitor(guest, 'new-user-viewer-tour');

    // The guest then opens each demo space by its link (the app stays loaded): one screenshot each.
    const studio = (await (await fetch(`${app.baseURL}/api/publishedscene/metadata/search?ipp=50`)).json()) as { sceneId: string; title: string; creator: { name: string } | null }[];
    const demos = studio.filter((s) => s.creator?.name === STUDIO_USER.name);
    expect(demos.length).toBeGreaterThanOrEqual(DEMO_SPACES.length);
    for (const [i, demo] of demos.entries()) {
      await navigate(guest, `/viewer/${demo.sceneId}`);
      await guest.locator(`[data-scene-id="${demo.sceneId}"][data-viewer-state="ready"]`).waitFor({ timeout: 180_000 });
      await poll(() => guest.evaluate(() => (window as unknown as TestWindow).__atriumEngine.getStats().frames), `${demo.title} drawn`).toBeGreaterThan(2);
      await snapVisitor(guest, `new-user-demo-${i + 1}-${demo.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 32)}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`new-user journey: ${actions} actions, ${seconds} s wall time (editor part ${((editorDone - started) / 1000).toFixed(0)} s)`);
  }, 1_200_000);
});
