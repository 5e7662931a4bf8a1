import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '@colyseus/sdk';
import { joinSpace, spaceClient } from '../apps/server/test/support/realtime.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { signUp as createAccount } from './support/accounts.ts';
import { pageFrames, recordRequests, requestsDone } from './support/settled.ts';

// The live side of the shell and Explore: the header bell counts a new follower without a reload and
// its menu lists, links and marks read; space cards and Explore's total follow simulated visitors
// (Colyseus clients in this process) in and out; the 26th visitor of a space opens a second instance.

type P = Awaited<ReturnType<typeof newPage>>;
let app: RunningApp;
const PASSWORD = 'live-pass-42';
const rooms: Room[] = [];
const poll = <T>(fn: () => Promise<T> | T, message: string, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200, message });

const signUp = (page: P, name: string, email: string) => createAccount(page, name, email, PASSWORD);

async function call(token: string, method: string, url: string) {
  const res = await fetch(`${app.baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
}

const badge = (page: P) => page.getByTestId('notifications-badge').getAttribute('data-unread');

describe('live notifications and live counts', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
  });
  afterAll(async () => {
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 2000))]);
    await closeBrowser();
    await app?.stop();
  });

  it('counts a new follower on the header bell live, lists it, links it and marks it read', async () => {
    const alice = await newPage({ baseURL: app.baseURL });
    const aliceId = await signUp(alice, 'Alice Bell', 'alice.bell@example.org');
    const bob = await newPage({ baseURL: app.baseURL });
    const bobId = await signUp(bob, 'Bob Follower', 'bob.follower@example.org');
    const bobToken = (await tokenOverHttp(app.baseURL, { email: 'bob.follower@example.org', password: PASSWORD })).access_token;

    await alice.getByTestId('notifications-bell').waitFor();
    expect(await badge(alice)).toBe('0');
    await alice.getByTestId('notifications-bell').click();
    await alice.getByTestId('notifications-menu').getByText('No notifications yet').waitFor();
    await alice.keyboard.press('Escape');

    // Bob follows Alice: her open page hears of it through the notification hub, no reload.
    await call(bobToken, 'POST', `/api/userFollow/${aliceId}`);
    await poll(() => badge(alice), 'the bell counts the follow live').toBe('1');
    expect(await alice.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await alice.getByTestId('notifications-bell').click();
    const item = alice.getByTestId('notification-item').first();
    await item.getByText('Bob Follower started following you').waitFor();
    expect(await item.locator('time').textContent()).toBe('now');
    await snap(alice, 'notifications-menu');
    // The menu stays open when the window regains focus (queries refetch then): whatever the focus
    // asked for has been answered and drawn before the menu is looked at.
    const requests = recordRequests(alice);
    await alice.evaluate(() => window.dispatchEvent(new Event('focus')));
    const refetches = await requests.flush();
    requests.stop();
    await requestsDone(refetches);
    await pageFrames(alice);
    expect(await alice.getByTestId('notifications-menu').isVisible()).toBe(true);

    // Mark all read: the badge goes and stays gone after a reload (stored on the server).
    await alice.getByRole('button', { name: 'Mark all as read' }).click();
    await poll(() => badge(alice), 'badge cleared').toBe('0');
    await alice.reload();
    await alice.getByTestId('notifications-bell').waitFor();
    await poll(() => badge(alice), 'still read after reload').toBe('0');

    // A second one, read by opening it: the item leads to Bob's profile.
    await call(bobToken, 'DELETE', `/api/userFollow/${aliceId}`);
    await call(bobToken, 'POST', `/api/userFollow/${aliceId}`);
    await poll(() => badge(alice), 'second follow counted').toBe('1');
    await alice.getByTestId('notifications-bell').click();
    await alice.getByTestId('notification-item').first().getByRole('link').click();
    await alice.waitForURL(new RegExp(`/user/${bobId}$`));
    await poll(() => badge(alice), 'opened item is read').toBe('0');

    // Small screens keep the bell in the bar (the other header buttons move into the burger menu).
    await alice.setViewportSize({ width: 390, height: 800 });
    await alice.getByTestId('notifications-bell').click();
    expect(await alice.getByTestId('notifications-menu').isVisible()).toBe(true);
    const box = (await alice.getByTestId('notifications-menu').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await snap(alice, 'notifications-menu-mobile');
    expect(alice.errors.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([]);
  }, 180_000);

  it('shows live visitors on space cards and the live total on Explore as visitors come and go', async () => {
    const explorer = await newPage({ baseURL: app.baseURL });
    await explorer.goto('/explore');
    const card = explorer.getByTestId('space-card').first();
    await card.waitFor();
    const sceneId = (await card.getAttribute('data-scene-id'))!;
    await poll(() => explorer.getByTestId('live-total').textContent(), 'total shown').toBe('0 live visitors');
    expect(await card.getByTestId('live-on-card').count()).toBe(0);

    const visitor = await newPage({ baseURL: app.baseURL });
    await signUp(visitor, 'Vera Visitor', 'vera@example.org');
    const token = (await tokenOverHttp(app.baseURL, { email: 'vera@example.org', password: PASSWORD })).access_token;

    // Three visitors (the same person in three tabs counts three times, shows one face).
    for (let i = 0; i < 3; i++) rooms.push(await joinSpace(spaceClient(app.baseURL, token), sceneId));
    const live = card.getByTestId('live-on-card');
    await poll(() => live.getAttribute('data-count'), 'card counts three', 20_000).toBe('3');
    expect(await live.getByText('+2').count()).toBe(1);
    await poll(() => explorer.getByTestId('live-total').textContent(), 'total follows').toBe('3 live visitors');
    await card.scrollIntoViewIfNeeded();
    await snap(explorer, 'explore-live-visitors');

    await Promise.all(rooms.splice(0).map((r) => r.leave()));
    await poll(() => card.getByTestId('live-on-card').count(), 'card clears when they leave', 20_000).toBe(0);
    await poll(() => explorer.getByTestId('live-total').textContent(), 'total back to none').toBe('0 live visitors');
  }, 180_000);

  it('puts the 26th visitor of a space into a second instance', async () => {
    const token = (await tokenOverHttp(app.baseURL, { email: 'vera@example.org', password: PASSWORD })).access_token;
    const sceneId = (await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1')).rows[0]!.id;
    const first = [];
    for (let i = 0; i < 25; i++) first.push(await joinSpace(spaceClient(app.baseURL, token), sceneId));
    rooms.push(...first);
    expect(new Set(first.map((r) => r.roomId)).size).toBe(1);
    const twentySixth = await joinSpace(spaceClient(app.baseURL, token), sceneId);
    rooms.push(twentySixth);
    expect(twentySixth.roomId).not.toBe(first[0]!.roomId);
  }, 120_000);
});
