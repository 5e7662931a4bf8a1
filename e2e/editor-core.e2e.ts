import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProps } from '@atrium/assets';
import { msg, type SceneDocument } from '@atrium/shared';
import { closeBrowser, newPage, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';
import { signUp } from './support/accounts.ts';
import { engineSettled } from './support/settled.ts';

// The editor's core loop as a new user on the built-in provider: create from a premade template →
// draw walls with a door and stairs → add a picture, a 3D text and a prop → move, undo, redo →
// wall material and sky → a two-point tour → save → reload shows the same → Preview opens the draft;
// then autosave on a fake clock and crash recovery from IndexedDB.

type P = Awaited<ReturnType<typeof newPage>>;
interface EditorHandle {
  history: { document: SceneDocument; undoSize: number };
  recoveryKey: string;
  getSnapshot(): { sceneId: string | null; dirty: boolean; baseVersion: number; selection: readonly string[] };
  select(ids: readonly string[]): void;
  tools: { flushEdits(): void };
  engine: {
    itemBoundsOf(id: string): { min: [number, number, number]; max: [number, number, number] } | null;
    camera: { position: { clone(): { set(x: number, y: number, z: number): { project(c: unknown): { x: number; y: number } } } } };
    renderer: { domElement: HTMLElement };
  };
}
declare global {
  interface Window {
    __atriumEditor?: EditorHandle;
  }
}

let app: RunningApp;
const poll = <T>(fn: () => Promise<T> | T, message?: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150, message });
const doc = (page: P) => page.evaluate(() => window.__atriumEditor!.history.document);
const editorState = (page: P) => page.evaluate(() => window.__atriumEditor!.getSnapshot());

/**
 * Run in the page: how many info points the editor's IndexedDB copy under `key` holds (null: no copy
 * yet). Never creates the database: an upgrade is aborted, so the editor's own first open still makes it.
 */
function recoveredInfoPoints(key: string): Promise<number | null> {
  return new Promise((resolve) => {
    const open = indexedDB.open('atrium-editor');
    open.onupgradeneeded = () => open.transaction!.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('drafts')) { db.close(); resolve(null); return; }
      const req = db.transaction('drafts', 'readonly').objectStore('drafts').get(key);
      req.onsuccess = () => { db.close(); resolve((req.result as { document: SceneDocument } | undefined)?.document.infoPoints.length ?? null); };
      req.onerror = () => { db.close(); resolve(null); };
    };
  });
}
const itemCount = (d: SceneDocument) => d.pictures.length + d.texts3d.length + d.props.length;

/** A new account, signed in over HTTP (the sign-up form has tests of its own), then at `path`. */
async function signUpInto(page: P, path: string, name: string, email: string) {
  await signUp(page, name, email, 'editor-pass-42', { goto: path });
}

async function editorReady(page: P) {
  // Every frame is drawn on the CPU (SwiftShader) on a shared machine: actions get more time.
  page.setDefaultTimeout(90_000);
  await page.getByTestId('editor').waitFor({ timeout: 150_000 });
  // SwiftShader compiles every shader on the CPU: the first editor frame takes a while.
  await poll(() => page.evaluate(() => Boolean(window.__atriumEditor)), 'editor session ready', 150_000).toBe(true);
}

async function canvasClick(page: P, fx: number, fy: number, button: 'left' | 'right' = 'left') {
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy, { button });
}

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('editor (browser)', () => {
  it('builds, styles, saves, reloads and previews a space', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    try {
      await buildSaveAndPreview(page);
    } finally {
      // A rendering page left open would starve the next test of CPU under SwiftShader.
      await Promise.all(page.context().pages().map((p) => p.close()));
    }
  }, 600_000);

  async function buildSaveAndPreview(page: P) {
    await signUpInto(page, '/curate', 'Eddie Editor', 'eddie@example.org');
    await page.waitForURL(/\/curate$/);
    await editorReady(page);
    await page.getByTestId('space-state').filter({ hasText: 'Draft' }).waitFor();
    // Autosave is on for new users; this test saves by hand (the second one covers autosave).
    await poll(() => page.getByTestId('autosave-toggle').isChecked(), 'autosave on by default').toBe(true);
    await page.getByTestId('autosave-toggle').uncheck();

    // Define Space: a premade template, then switch confirmation appears once there is work.
    await page.getByTestId('template-list').getByRole('button').first().click();
    await poll(async () => (await doc(page)).customSpace?.levels.length ?? 0, 'template loaded').toBeGreaterThan(0);
    const templateWalls = (await doc(page)).customSpace!.levels[0]!.walls.length;

    // Room builder: draw two walls by clicking the floor, then a door and stairs.
    await page.getByTestId('draw-walls').click();
    await canvasClick(page, 0.3, 0.75);
    await canvasClick(page, 0.5, 0.8);
    await canvasClick(page, 0.7, 0.75);
    await canvasClick(page, 0.7, 0.75, 'right');
    await page.getByTestId('draw-walls').click();
    await poll(async () => (await doc(page)).customSpace!.levels[0]!.walls.length, 'walls drawn').toBe(templateWalls + 2);
    await page.getByTestId('add-door').click();
    await page.getByTestId('add-stairs').click();
    const level = (await doc(page)).customSpace!.levels[0]!;
    expect(level.walls.at(-1)!.openings.some((o) => o.kind === 'door')).toBe(true);
    expect(level.stairs.length).toBeGreaterThan(0);

    // Add Content: picture and 3D text; Shape Style: a prop from the library.
    await page.getByTestId('step-content').click();
    const before = itemCount(await doc(page));
    await page.getByTestId('add-picture').click();
    await page.getByTestId('text3d-input').fill('Welcome');
    await page.getByTestId('add-text3d').click();
    await page.getByTestId('step-style').click();
    await page.getByTestId('prop-search').fill('zzzz-nothing');
    await page.getByTestId('no-props').filter({ hasText: msg.noPropsFound }).waitFor();
    await page.getByTestId('prop-search').fill('');
    // The props library: rendered thumbnails, a category filter and search within it.
    await page.getByTestId('prop-category-plants').click();
    await poll(() => page.getByTestId('prop-list').getByRole('button').count(), 'plants only').toBe(listProps('plants').length);
    await poll(() => page.getByTestId('prop-list').locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 160)), 'thumbnails loaded').toBe(true);
    await snap(page, 'editor-props-library');
    await page.getByTestId('prop-search').fill('tree');
    await poll(() => page.getByTestId('prop-list').getByRole('button').count(), 'trees among plants').toBe(listProps('plants').filter((p) => /tree/.test(`${p.title} ${p.tags.join(' ')}`.toLowerCase())).length);
    await page.getByTestId('prop-search').fill('');
    await page.getByTestId('prop-category-all').click();
    await poll(() => page.getByTestId('prop-list').getByRole('button').count(), 'all props').toBe(listProps().length);
    await page.getByTestId('prop-list').getByRole('button').first().click();
    await poll(async () => itemCount(await doc(page)), 'three items added').toBe(before + 3);

    // Drag the picture itself: it slides along its wall (same turn, same distance from the wall) in one undo step.
    const picture = (await doc(page)).pictures.at(-1)!;
    const grab = await page.evaluate((id) => {
      const s = window.__atriumEditor!;
      s.select([id]);
      s.tools.flushEdits();
      const box = s.engine.itemBoundsOf(id)!;
      const c = box.min.map((v: number, i: number) => (v + box.max[i]!) / 2) as [number, number, number];
      const v = s.engine.camera.position.clone().set(...c).project(s.engine.camera);
      const r = s.engine.renderer.domElement.getBoundingClientRect();
      return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
    }, picture.id);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(grab.x + k * 15, grab.y + k * 2);
    await page.mouse.up();
    await poll(async () => (await doc(page)).pictures.find((p) => p.id === picture.id)!.position, 'slid along the wall').not.toEqual(picture.position);
    const slid = (await doc(page)).pictures.find((p) => p.id === picture.id)!;
    const yaw = picture.rotation[1];
    const along = (p: readonly number[]) => p[0]! * Math.cos(yaw) - p[2]! * Math.sin(yaw);
    const ahead = (p: readonly number[]) => p[0]! * Math.sin(yaw) + p[2]! * Math.cos(yaw);
    expect(slid.rotation[1]).toBeCloseTo(yaw, 3);
    expect(ahead(slid.position)).toBeCloseTo(ahead(picture.position), 2);
    expect(Math.abs(along(slid.position) - along(picture.position))).toBeGreaterThan(0.2);
    await page.keyboard.press('Control+z');
    await poll(async () => (await doc(page)).pictures.find((p) => p.id === picture.id)!.position, 'drag undone in one step').toEqual(picture.position);
    await page.evaluate(() => window.__atriumEditor!.select([window.__atriumEditor!.history.document.props.at(-1)!.id]));

    // Move the selected prop through the inspector, undo with the keyboard, redo with the toolbar.
    const propId = (await editorState(page)).selection[0]!;
    const propBefore = (await doc(page)).props.find((p) => p.id === propId)!.position;
    const x = page.getByTestId('inspector').getByLabel('x', { exact: true });
    const target = Math.round(propBefore[0]) + 2;
    await x.click();
    await x.press('Control+a');
    await x.pressSequentially(String(target));
    await poll(async () => (await doc(page)).props.find((p) => p.id === propId)!.position[0], 'moved').toBeCloseTo(target, 1);
    await page.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } }); // focus leaves the input
    await page.keyboard.press('Control+z');
    await poll(async () => (await doc(page)).props.find((p) => p.id === propId)?.position[0], 'undone').toBeCloseTo(propBefore[0]);
    await page.getByTestId('tool-redo').click();
    await poll(async () => (await doc(page)).props.find((p) => p.id === propId)?.position[0], 'redone').toBeCloseTo(target, 1);

    // Wall material and sky.
    await page.getByTestId('material-list').getByRole('button').nth(1).click();
    await page.getByTestId('sky-list').getByRole('button').last().click();
    const styled = await doc(page);
    expect(styled.customSpace!.materialOverrides.some((o) => o.targetId === 'wall:*' && o.materialId)).toBe(true);
    expect(styled.customSpace!.skyUri).toMatch(/^atrium:sky\//);

    // A two-point tour from the camera, with a duration.
    await page.getByTestId('step-paths').click();
    await page.getByTestId('add-tour').click();
    await page.getByTestId('add-tour-point').last().click();
    await page.getByTestId('tool-fly').click();
    await page.getByTestId('add-tour-point').last().click();
    await page.getByTestId('tour-minutes').last().fill('1');
    await page.getByTestId('tour-seconds').last().fill('75');
    await poll(async () => (await doc(page)).guidedTours.at(-1)?.points.length, 'two points').toBe(2);
    expect((await doc(page)).guidedTours.at(-1)!.duration).toBe(60 + 59);
    await page.getByTestId('space-name').fill('My first gallery');
    await snap(page, 'editor-built');

    // Save: metadata, content, then the URL becomes editor/{id}.
    await page.getByTestId('save-button').click();
    await page.getByText(msg.scene.savedSuccessfully).waitFor();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    const sceneId = page.url().split('/editor/')[1]!;
    await poll(async () => (await editorState(page)).dirty, 'saved').toBe(false);
    const saved = await doc(page);

    // Reload shows the same document and name.
    await page.reload();
    await editorReady(page);
    expect(await doc(page)).toEqual(saved);
    await expect(page.getByTestId('space-name').inputValue()).resolves.toBe('My first gallery');
    await engineSettled(page);
    await snap(page, 'editor-reloaded');

    // Preview saves and opens the draft in the viewer.
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('preview-button').click()]);
    await viewer.waitForURL(new RegExp(`/viewer/${sceneId}\\?draft=true$`));
    await poll(() => viewer.locator('[data-viewer-state]').getAttribute('data-viewer-state'), 'draft viewer ready', 150_000).toBe('ready');
    await viewer.close();

    // Another user learns nothing of a private draft: the server answers 404, so the page is not-found.
    await page.close();
    const other = await newPage({ baseURL: app.baseURL });
    await signUpInto(other, `/editor/${sceneId}`, 'Nosy Parker', 'nosy@example.org');
    await other.getByTestId('viewer-error-notFound').waitFor();
    await other.close();
  }

  it('autosaves a dirty document after 30 s (fake clock) and offers the IndexedDB copy after a crash', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    await page.clock.install();
    await signUpInto(page, '/curate', 'Ada Auto', 'ada-auto@example.org');
    await editorReady(page);
    // The switch is disabled until the user record arrives; check/uncheck read its state before waiting.
    await poll(() => page.getByTestId('autosave-toggle').isEnabled(), 'autosave switch ready').toBe(true);
    await page.getByTestId('autosave-toggle').check();
    await page.getByTestId('step-content').click();
    await page.getByTestId('add-info').click();
    await page.getByTestId('save-button').click();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    await poll(async () => (await editorState(page)).dirty).toBe(false);
    const version = (await editorState(page)).baseVersion;

    // A change, then 31 s on the clock: saved without a toast.
    await page.getByTestId('add-info').click();
    expect((await editorState(page)).dirty).toBe(true);
    await page.clock.fastForward('00:31');
    await poll(async () => (await editorState(page)).baseVersion, 'autosaved').toBe(version + 1);
    expect((await editorState(page)).dirty).toBe(false);

    // Unsaved work, then the tab dies: the next visit offers it back.
    await page.getByTestId('add-info').click();
    const unsaved = await doc(page);
    await page.clock.fastForward(1000); // the mirror is debounced
    // The copy is in IndexedDB (the mirror's write is asynchronous) before the tab dies.
    const key = await page.evaluate(() => window.__atriumEditor!.recoveryKey);
    await poll(() => page.evaluate(recoveredInfoPoints, key), 'working copy mirrored').toBe(unsaved.infoPoints.length);
    const url = page.url();
    const again = await page.context().newPage();
    await page.close({ runBeforeUnload: false });
    await again.goto(url);
    await again.getByRole('button', { name: 'Restore' }).waitFor({ timeout: 150_000 });
    await again.getByRole('button', { name: 'Restore' }).click();
    await poll(() => again.evaluate(() => window.__atriumEditor!.history.document.infoPoints.length)).toBe(unsaved.infoPoints.length);
  }, 480_000);

  it('offers reload or overwrite when another tab saved first, and loses neither tab’s choice', async () => {
    const first = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    await signUpInto(first, '/curate', 'Tess Tabs', 'tess-tabs@example.org');
    await editorReady(first);
    await first.getByTestId('step-content').click();
    await first.getByTestId('add-info').click();
    await first.getByTestId('save-button').click();
    await first.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    await poll(async () => (await editorState(first)).dirty, 'first save').toBe(false);
    const sceneId = (await editorState(first)).sceneId!;

    // A second tab of the same person opens the saved space and saves a change of its own.
    const second = Object.assign(await first.context().newPage(), { errors: [] as string[] });
    second.setDefaultTimeout(90_000);
    await second.goto(`/editor/${sceneId}`);
    await editorReady(second);
    await second.getByTestId('step-content').click();
    await second.getByTestId('add-info').click();
    await second.getByTestId('add-info').click();
    await second.getByTestId('save-button').click();
    await poll(async () => (await editorState(second)).dirty, 'second tab saved').toBe(false);
    const secondVersion = (await editorState(second)).baseVersion;

    // The first tab, still on the older version, saves: 409, and the choice appears with its work kept.
    await first.getByTestId('add-info').click();
    const mine = await doc(first);
    await first.getByTestId('save-button').click();
    await first.getByTestId('conflict-text').waitFor();
    expect((await editorState(first)).dirty).toBe(true);
    expect(await doc(first)).toEqual(mine);
    await transitionsDone(first); // the modal has faded in
    await snap(first, 'editor-conflict');
    await first.getByRole('button', { name: 'Overwrite' }).click();
    await first.getByTestId('conflict-text').waitFor({ state: 'hidden' });
    await poll(async () => (await editorState(first)).dirty, 'overwritten').toBe(false);
    expect((await editorState(first)).baseVersion).toBe(secondVersion + 1);

    // Now the second tab is behind: it reloads the first tab's version and drops its own change.
    await second.getByTestId('add-info').click();
    await second.getByTestId('save-button').click();
    await second.getByTestId('conflict-text').waitFor();
    await second.getByRole('button', { name: 'Reload' }).click();
    await second.getByTestId('conflict-text').waitFor({ state: 'hidden' });
    await poll(async () => (await doc(second)).infoPoints.length, 'reloaded the stored version').toBe(mine.infoPoints.length);
    expect(await doc(second)).toEqual(mine);
    const after = await editorState(second);
    expect(after.dirty).toBe(false);
    expect(after.baseVersion).toBe(secondVersion + 1);
    await second.close();
    await first.close();
  }, 480_000);
});
