import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Room } from '@colyseus/sdk';
import { joinSpace, spaceClient } from '../apps/server/test/support/realtime.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { ROOT, startApp, type RunningApp } from './support/harness.ts';
import { audioIn, talker } from './support/fakeMicrophone.ts';
import { enter as enterSpace, poll, signUp, type Visitor } from './support/realtimeVisitors.ts';

// Issue 20, broadcast voice: during an event its host, in one instance of the space, speaks to
// everyone; a visitor in another instance of the same space hears it (inbound audio with a level in
// WebRTC stats, Chromium's fake microphone playing a tone) and sees "Host is speaking to everyone".
// Simulated visitors fill the host's instance, so the visitor gets a second one.

const PASSWORD = 'realtime-pass-42';
const browsers: Browser[] = [];
const fillers: Room[] = [];
let app: RunningApp;
let sceneId: string;

const liveCount = async () =>
  ((await (await fetch(`${app.baseURL}/api/live?sceneIds=${sceneId}`)).json()) as { scenes: { count: number }[] }).scenes[0]?.count ?? 0;
const enter = (page: Visitor, who: string) => enterSpace(page, sceneId, who, () => app.output());
const snap = (page: Visitor, name: string) => page.screenshot({ path: path.join(ROOT, '.test-results', `${name}.png`), timeout: 120_000 });

describe('broadcast voice (two browsers, two instances, fake microphones)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres', own: true });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    console.log(`server output (tail):\n${app?.output().slice(-2000)}`);
    await Promise.race([Promise.allSettled(fillers.map((r) => r.leave())), new Promise((r) => setTimeout(r, 2000))]);
    await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => undefined)));
    await app?.stop();
  });

  it("the event's host in one instance is heard by a visitor in another instance", async () => {
    const host = await talker(app.baseURL, browsers);
    const guest = await talker(app.baseURL, browsers);
    const hostId = await signUp(host, 'Hana Host', 'hana.broadcast@example.org', PASSWORD);
    await signUp(guest, 'Gus Guest', 'gus.broadcast@example.org', PASSWORD);
    await app.sql!.query(
      `insert into scene_events (id, scene_id, host_id, title, starts_at, ends_at)
       values (gen_random_uuid(), $1, $2, 'Opening talk', now() - interval '1 minute', now() + interval '1 hour')`,
      [sceneId, hostId],
    );

    await enter(host, 'host');
    await poll(liveCount, 'the host is in an instance', 90_000).toBe(1);
    // 24 more seats (another account, over HTTP) fill the host's instance; the guest gets a second one.
    const token = (await tokenOverHttp(app.baseURL, { email: 'filler.broadcast@example.org', password: PASSWORD, signUpName: 'Filler' })).access_token;
    for (let i = 0; i < 24; i++) fillers.push(await joinSpace(spaceClient(app.baseURL, token), sceneId));
    expect(new Set(fillers.map((r) => r.roomId)).size).toBe(1);
    await enter(guest, 'guest');
    await poll(liveCount, 'the guest opens a second instance', 90_000).toBe(26);

    // Before the host speaks the guest hears nothing and sees no indicator.
    const toggle = host.getByTestId('broadcast-toggle');
    await poll(() => toggle.count(), 'the host is offered to speak to everyone', 60_000).toBe(1);
    expect(await guest.getByTestId('broadcast-indicator').count()).toBe(0);
    const before = await audioIn(guest);

    await toggle.dispatchEvent('click');
    await poll(() => toggle.getAttribute('aria-pressed'), 'the host is on air', 30_000).toBe('true');
    await poll(() => guest.getByTestId('broadcast-indicator').textContent(), 'the guest sees the host speaking', 60_000).toBe(
      'Host is speaking to everyone',
    );
    await poll(async () => (await audioIn(guest)).packets - before.packets, 'the broadcast reaches the other instance', 60_000).toBeGreaterThan(50);
    await poll(async () => (await audioIn(guest)).level, 'with sound in it', 30_000).toBeGreaterThan(0);
    await snap(guest, 'broadcast-guest');

    // Off air: the indicator goes away.
    await toggle.dispatchEvent('click');
    await poll(() => guest.getByTestId('broadcast-indicator').count(), 'the broadcast ends', 30_000).toBe(0);
    expect(host.errors.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([]);
  }, 600_000);
});
