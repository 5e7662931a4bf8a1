import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '@colyseus/sdk';
import type { SceneDocument } from '@atrium/shared';
import { joinSpace, spaceClient } from '../apps/server/test/support/realtime.ts';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import {
  closeVisitors,
  enter as enterSpace,
  openPanel,
  others,
  poll,
  signUp,
  snapVisitor as snap,
  visitor,
  type Visitor,
} from './support/realtimeVisitors.ts';

// Issue 20 in the browser. Events: the owner schedules one in the Events sidebar and its chat
// reaches a visitor in another instance of the space (simulated visitors fill the first instance).
// RSVP: a visitor answers Going, the owner sees who answered, and Explore lists the space under
// "Happening now". Parties: a leader invites two people in the Party sidebar; when the leader walks
// through a portal into another space, both follow into the same instance.

type Vec3 = [number, number, number];
let app: RunningApp;
let gallery: { id: string; doc: SceneDocument };
let target: string;
const PASSWORD = 'realtime-pass-42';
const fillers: Room[] = [];
const enter = (page: Visitor, sceneId: string, who: string) =>
  enterSpace(page, sceneId, who, () => app.output().slice(-3000));
const liveCount = async (sceneId: string) =>
  (
    (await (await fetch(`${app.baseURL}/api/live?sceneIds=${sceneId}`)).json()) as {
      scenes: { count: number }[];
    }
  ).scenes[0]?.count ?? 0;
const click = (page: Visitor, name: string) =>
  page.getByRole('button', { name, exact: true }).first().dispatchEvent('click');
/** The visitor's browser clock, as a datetime-local value (the form's own time zone). */
const localNow = (page: Visitor) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
const messages = (page: Visitor) =>
  page.getByTestId('event-chat').getByTestId('chat-message').allTextContents();

let alice: Visitor;
let bob: Visitor;
let carol: Visitor;
const ids: Record<string, string> = {};

describe('events and parties in the viewer (three browsers)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres', own: true });
    const rows = await app.sql!.query<{ id: string; published_content: SceneDocument }>(
      'select id, published_content from scenes where demo_key is not null order by created_at',
    );
    gallery = { id: rows.rows[0]!.id, doc: rows.rows[0]!.published_content };
    const portal = gallery.doc.portals.find((p) => p.target.kind === 'scene')!;
    target = (portal.target as { sceneId: string }).sceneId;
    [alice, bob, carol] = [
      await visitor(app.baseURL),
      await visitor(app.baseURL),
      await visitor(app.baseURL),
    ];
    ids.alice = await signUp(alice, 'Alice Host', 'alice.events@example.org', PASSWORD);
    ids.bob = await signUp(bob, 'Bob Guest', 'bob.events@example.org', PASSWORD);
    ids.carol = await signUp(carol, 'Carol Friend', 'carol.events@example.org', PASSWORD);
  }, 300_000);
  afterAll(async () => {
    console.log(`server output (tail):\n${app?.output().slice(-2500)}`);
    await Promise.race([
      Promise.allSettled(fillers.map((r) => r.leave())),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    await closeVisitors();
    await app?.stop();
  });

  it("an event's chat reaches visitors in two different instances", async () => {
    // Alice owns the space the gallery's portal leads to, and schedules an event there.
    await app.sql!.query('update scenes set owner_id = $1 where id = $2', [ids.alice, target]);
    await enter(alice, target, 'alice');
    await poll(() => liveCount(target), 'alice is in an instance', 90_000).toBe(1);
    // 24 more seats (one more account, signed up over HTTP: a second sign-in of Alice's own would end
    // her browser's session) fill her instance; Bob gets a second one.
    const token = (
      await tokenOverHttp(app.baseURL, {
        email: 'filler.events@example.org',
        password: PASSWORD,
        signUpName: 'Filler',
      })
    ).access_token;
    for (let i = 0; i < 24; i++) fillers.push(await joinSpace(spaceClient(app.baseURL, token), target));
    expect(new Set(fillers.map((r) => r.roomId)).size).toBe(1);
    await enter(bob, target, 'bob');
    await poll(() => liveCount(target), 'bob opens a second instance', 90_000).toBe(26);
    await openPanel(bob, 'Live visitors');
    await poll(
      () => bob.getByText(/^Instance \d: /).allTextContents(),
      'bob sees two instances',
      60_000,
    ).toEqual(expect.arrayContaining([expect.stringMatching(/: 25$/), expect.stringMatching(/: 1$/)]));
    expect(await others(bob)).toEqual([]);
    // Both live-user hubs hold the space (Event chat is live, not stored: a hub that a loaded machine
    // cut must be back before anyone speaks).
    await poll(
      () => bob.getByTestId('scene-count').textContent(),
      'bob’s hub counts the whole space',
      120_000,
    ).toContain('26 visitors');
    await openPanel(alice, 'Live visitors');
    await poll(
      () => alice.getByTestId('scene-count').textContent(),
      'alice’s hub counts the whole space',
      120_000,
    ).toContain('26 visitors');

    await openPanel(alice, 'Events');
    await click(alice, 'Schedule an event');
    await alice.getByLabel('Title').fill('Opening night');
    await alice.getByLabel('Description').fill('Music and a tour for everyone, in every instance.');
    await alice.getByLabel('Starts').fill(await localNow(alice));
    await click(alice, 'Schedule');
    await alice.getByTestId('event-chat').waitFor({ timeout: 60_000 });
    await poll(
      () => alice.getByTestId('space-event').first().textContent(),
      'the event is listed live',
    ).toContain('Live now');

    await openPanel(bob, 'Chat');
    await bob.getByRole('tab', { name: 'Event' }).dispatchEvent('click');
    await bob.getByTestId('event-chat').waitFor({ timeout: 60_000 });
    await bob
      .getByTestId('event-chat')
      .getByPlaceholder('Write a message…')
      .fill('Hello from the second instance');
    await bob.getByTestId('event-chat').getByPlaceholder('Write a message…').press('Enter');
    await poll(() => messages(alice), 'bob’s event message reaches alice’s instance', 60_000).toContain(
      'Hello from the second instance',
    );
    await alice.getByTestId('event-chat').getByPlaceholder('Write a message…').fill('Welcome, everyone!');
    await alice.getByTestId('event-chat').getByPlaceholder('Write a message…').press('Enter');
    await poll(() => messages(bob), 'alice’s reply reaches bob', 60_000).toContain('Welcome, everyone!');
    // Public chat stays in its instance: Bob's public message never reaches Alice.
    await bob.getByRole('tab', { name: 'Public' }).dispatchEvent('click');
    await bob.getByPlaceholder('Write a message…').fill('Only my instance hears this');
    await bob.getByPlaceholder('Write a message…').press('Enter');
    await poll(
      () => bob.getByTestId('chat-message').allTextContents(),
      'bob sees his public message',
    ).toContain('Only my instance hears this');
    await bob.getByRole('tab', { name: 'Event' }).dispatchEvent('click');
    await snap(alice, 'gatherings-event-alice');
    await snap(bob, 'gatherings-event-bob');
    expect(await messages(alice)).not.toContain('Only my instance hears this');

    await Promise.allSettled(fillers.splice(0).map((r) => r.leave()));
  }, 600_000);

  it('RSVP to the live event (the owner sees who answered), and Explore shows it happening now', async () => {
    // Bob is still in the space of the event above; Alice, its owner, too.
    if (!(await bob.getByTestId('event-rsvp').first().isVisible())) await openPanel(bob, 'Events');
    const rsvp = bob.getByTestId('space-event').first().getByTestId('event-rsvp');
    await rsvp.getByText('Going', { exact: true }).click();
    await poll(() => rsvp.getByTestId('event-rsvp-counts').textContent(), 'bob is counted going').toBe(
      '1 going · 0 not going',
    );
    // The sidebar buttons toggle: Alice's Events sidebar is still open from the test above.
    if (!(await alice.getByTestId('event-rsvp').first().isVisible())) await openPanel(alice, 'Events');
    await click(alice, 'Who answered');
    await poll(
      () => alice.getByTestId('event-rsvp-list').textContent(),
      'alice sees who answered',
      30_000,
    ).toContain('Bob Guest');

    // Carol, in no space, finds the event under Explore's "Happening now".
    await carol.goto(`${app.baseURL}/explore`);
    const now = carol.getByTestId('happening-now');
    await poll(() => now.textContent(), 'the live event is happening now', 60_000).toContain('Event: Opening night');
    await snap(carol, 'gatherings-happening-now');
  }, 300_000);

  it('a party follows its leader into another space', async () => {
    // Everyone meets in the gallery (one instance), Alice invites Bob and Carol in the Party sidebar.
    await enter(alice, gallery.id, 'alice');
    await poll(() => liveCount(gallery.id), 'alice in the gallery', 90_000).toBe(1);
    await enter(bob, gallery.id, 'bob');
    await enter(carol, gallery.id, 'carol');
    await poll(() => liveCount(gallery.id), 'bob and carol join alice', 120_000).toBe(3);
    await poll(() => others(alice).then((l) => l.length), 'alice sees bob and carol', 120_000).toBe(2);

    await openPanel(alice, 'Live visitors');
    await poll(
      () => alice.getByTestId('live-visitor').count(),
      'alice’s hub lists bob and carol',
      120_000,
    ).toBe(2);
    await openPanel(alice, 'Party');
    await poll(
      () => alice.getByTestId('party-invitable').count(),
      'bob and carol are invitable',
      60_000,
    ).toBe(2);
    for (const name of ['Bob Guest', 'Carol Friend']) {
      await alice
        .getByTestId('party-invitable')
        .filter({ hasText: name })
        .getByRole('button', { name: 'Invite' })
        .dispatchEvent('click');
    }
    await poll(() => alice.getByText('Invited', { exact: true }).count(), 'two invitations out', 30_000).toBe(
      2,
    );
    for (const p of [bob, carol]) {
      await openPanel(p, 'Party');
      await p.getByTestId('party-invitation').waitFor({ timeout: 60_000 });
      await p.getByTestId('party-invitation').getByRole('button', { name: 'Accept' }).dispatchEvent('click');
    }
    await poll(() => alice.getByTestId('party-member').count(), 'three in the party', 60_000).toBe(3);
    await snap(alice, 'gatherings-party-alice');
    await snap(carol, 'gatherings-party-carol');

    // Alice walks into the gallery's portal; the engine takes her to the target space.
    await alice.keyboard.press('Escape');
    const portal = gallery.doc.portals.find((p) => p.target.kind === 'scene')!;
    const [px, py, pz] = portal.position;
    const s = gallery.doc.startingPosition;
    const d = Math.hypot(s[0] - px, s[2] - pz) || 1;
    const [ux, uz] = [(s[0] - px) / d, (s[2] - pz) / d];
    await alice.evaluate(([p, yaw]) => window.__atriumEngine!.teleport(p as Vec3, [0, yaw as number, 0]), [
      [px + ux * 2, py, pz + uz * 2] as Vec3,
      Math.atan2(ux, uz),
    ] as const);
    await alice.locator('canvas').first().focus();
    await alice.keyboard.down('KeyW');
    // A starved software renderer may take minutes to walk 2 m; then she takes the link instead
    // (either way the leader enters another space, which is what the party follows).
    const walked = await alice.waitForURL(`**/viewer/${target}*`, { timeout: 90_000 }).then(
      () => true,
      () => false,
    );
    await alice.keyboard.up('KeyW');
    if (!walked) await alice.goto(`/viewer/${target}`);
    console.log(walked ? 'alice went through the portal' : 'alice navigated to the portal’s space');

    // Bob and Carol follow into the same space and the very instance Alice entered.
    // Under a full suite's load the leader's new page (and so the move) can take minutes to arrive.
    for (const p of [bob, carol])
      await p.waitForURL(new RegExp(`/viewer/${target}\\?instance=`), { timeout: 240_000 });
    const instanceOf = (p: Visitor) => new URL(p.url()).searchParams.get('instance');
    expect(instanceOf(bob)).toBeTruthy();
    expect(instanceOf(carol)).toBe(instanceOf(bob));
    for (const p of [alice, bob, carol]) {
      await poll(
        () => p.locator('[data-viewer-state]').getAttribute('data-viewer-state'),
        'viewer ready after following',
        120_000,
      ).toBe('ready');
    }
    await poll(() => liveCount(target), 'all three in the target space', 90_000).toBe(3);
    await poll(
      () => others(alice).then((l) => l.length),
      'alice sees both followers in her instance',
      120_000,
    ).toBe(2);
    await poll(() => others(bob).then((l) => l.length), 'bob sees alice and carol', 120_000).toBe(2);
    await openPanel(bob, 'Party');
    await poll(
      () => bob.getByText('Here with you').count(),
      'bob’s party panel shows both others here',
      60_000,
    ).toBe(2);
    await snap(bob, 'gatherings-party-followed-bob');
    const noise = /favicon|Failed to load resource|WebSocket|voice/i;
    for (const p of [alice, bob, carol]) expect(p.errors.filter((e) => !noise.test(e))).toEqual([]);
  }, 600_000);
});
