import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '@colyseus/sdk';
import { isolatedRedis } from '../apps/server/test/support/processes.ts';
import { joinSpace, spaceClient } from '../apps/server/test/support/realtime.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { closeVisitors, enter, openPanel, others, poll, signUp, snapVisitor, visitor } from './support/realtimeVisitors.ts';

// Scale-out in the browser: two server processes on one PostgreSQL schema and one Redis. Alice's
// browser talks to process one, Bob's to process two; they meet in one instance of a space, see each
// other's avatars and chat. Simulated visitors fill that instance so the 26th opens a second one.

let one: RunningApp;
let two: RunningApp;
let sceneId: string;
const rooms: Room[] = [];
const log = () => `one:\n${one.output().slice(-1500)}\ntwo:\n${two.output().slice(-1500)}`;

describe('realtime across two server processes (browsers)', () => {
  beforeAll(async () => {
    const redis = isolatedRedis();
    // One after the other: the first migrates and seeds, the second finds both done.
    one = await startApp({ database: 'postgres', env: redis });
    two = await startApp({ schema: one.schema!, env: redis });
    sceneId = (await one.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1')).rows[0]!.id;
  }, 180_000);
  afterAll(async () => {
    console.log(`server output (tail):\n${one && two ? log() : ''}`);
    await Promise.race([Promise.allSettled(rooms.map((r) => r.leave())), new Promise((r) => setTimeout(r, 2000))]);
    await closeVisitors();
    await two?.stop();
    await one?.stop();
  });

  it('lets visitors on different processes meet in one instance and chat', async () => {
    const alice = await visitor(one.baseURL);
    const bob = await visitor(two.baseURL);
    await signUp(alice, 'Alice Scale', 'alice.scale@example.org');
    await signUp(bob, 'Bob Scale', 'bob.scale@example.org');
    await enter(alice, sceneId, 'alice', log);
    await enter(bob, sceneId, 'bob', log);

    await poll(() => others(alice).then((l) => l.length), 'alice (process one) sees bob', 90_000).toBe(1);
    await poll(() => others(bob).then((l) => l.length), 'bob (process two) sees alice', 90_000).toBe(1);

    await openPanel(alice, 'Chat');
    await openPanel(bob, 'Chat');
    await alice.getByRole('tab', { name: 'Public' }).dispatchEvent('click');
    await bob.getByRole('tab', { name: 'Public' }).dispatchEvent('click');
    await bob.getByPlaceholder('Write a message…').fill('Hello from process two');
    await bob.getByPlaceholder('Write a message…').press('Enter');
    await poll(() => alice.getByTestId('chat-message').allTextContents(), 'bob’s message reaches alice', 60_000).toContain(
      'Hello from process two',
    );
    await alice.getByPlaceholder('Write a message…').fill('Hi Bob, from process one');
    await alice.getByPlaceholder('Write a message…').press('Enter');
    await poll(() => bob.getByTestId('chat-message').allTextContents(), 'alice’s reply reaches bob', 60_000).toContain(
      'Hi Bob, from process one',
    );
    await snapVisitor(alice, 'realtime-scale-alice-chat');
    const noise = /favicon|Failed to load resource/;
    expect(alice.errors.filter((e) => !noise.test(e))).toEqual([]);
    expect(bob.errors.filter((e) => !noise.test(e))).toEqual([]);

    // 23 simulated visitors, alternating processes, fill the instance to 25; the 26th starts another.
    // Each test process has its own PUBLIC_URL and so its own token issuer: sign in at each.
    const signIn = async (base: string) =>
      (await tokenOverHttp(base, { email: 'bob.scale@example.org', password: 'realtime-pass-42' })).access_token;
    const at = [
      { base: one.baseURL, token: await signIn(one.baseURL) },
      { base: two.baseURL, token: await signIn(two.baseURL) },
    ];
    for (let i = 0; i < 23; i++) rooms.push(await joinSpace(spaceClient(at[i % 2]!.base, at[i % 2]!.token), sceneId));
    const shared = new Set(rooms.map((r) => r.roomId));
    expect(shared.size).toBe(1);
    const twentySixth = await joinSpace(spaceClient(at[0]!.base, at[0]!.token), sceneId);
    rooms.push(twentySixth);
    expect(shared.has(twentySixth.roomId)).toBe(false);
  }, 480_000);
});
