import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/harness.ts';
import {
  closeVisitors,
  enter as enterSpace,
  openPanel,
  others,
  poll,
  seenAs,
  signUp,
  snapVisitor as snap,
  visitor,
  type Visitor as Page,
} from './support/realtimeVisitors.ts';

// Two visitors in two browser contexts enter the same demo space: each sees the other's avatar move
// and wave, public chat arrives, and a direct message started from Live visitors arrives.

type Vec3 = [number, number, number];
let app: RunningApp;
let sceneId: string;
const enter = (page: Page, who: string) => enterSpace(page, sceneId, who, () => app.output());

describe('realtime in the viewer (two browsers)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    console.log(`server output (tail):\n${app?.output().slice(-2500)}`);
    await closeVisitors();
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
    // Each of the eight built-in avatars is pictured by the engine in the chosen colours, each differently.
    const portraits = alice.locator('img[data-portrait]');
    await poll(() => portraits.count(), 'avatar portraits', 120_000).toBe(8);
    const srcs = await portraits.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(new Set(srcs).size).toBe(8);
    for (const src of srcs) expect(src.startsWith('data:image/png') && src.length > 4000).toBe(true);
    await alice.locator('[data-avatar-model="nova"]').click();
    await snap(alice, 'realtime-edit-avatar');
    const saved = alice.waitForResponse((r) => r.url().endsWith('/api/user/my/avatar') && r.request().method() === 'PUT');
    await alice.getByRole('button', { name: 'Save avatar' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { model: string }).model).toBe('nova');
  }, 480_000);
});
