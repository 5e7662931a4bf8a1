import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT, startApp, type RunningApp } from './support/harness.ts';
import { audioIn, talker as fakeMicVisitor } from './support/fakeMicrophone.ts';
import { enter as enterSpace, openPanel, poll, signUp, type Visitor } from './support/realtimeVisitors.ts';

// Issue 20, voice: two visitors on a space's communication list hear each other through Janus
// (Chromium's fake microphone plays a tone), talking marks show over speaking avatars, push-to-talk
// holds the microphone to V, the toolbar's microphone stays reachable on a 1280×640 window, the
// creator card greets, chats, invites and mutes, and a third visitor of the same space, not on the
// list, is given no voice token and is told 'Communications are disabled'.

type Vec3 = [number, number, number];
const browsers: Browser[] = [];
let app: RunningApp;
let sceneId: string;
// Alice and Bob, both on the communication list; Bob is the space's creator (the creator card).
let alice: Visitor;
let bob: Visitor;
let aliceId: string;
let bobId: string;

/** A visitor whose browser has a fake microphone (a tone) and allows it without asking. */
const talker = (baseURL: string) => fakeMicVisitor(baseURL, browsers);

const voiceStatus = (page: Visitor) => page.getByTestId('voice-settings').getAttribute('data-voice-status');
const openSettings = (page: Visitor) => page.getByRole('button', { name: 'Settings', exact: true }).first().dispatchEvent('click');
const enter = (page: Visitor, who: string) => enterSpace(page, sceneId, who, () => app.output());
/** Whether the element is inside the window and is what a click at its centre would hit. */
const reachable = (page: Visitor, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= window.innerHeight && !!hit && (hit === el || el.contains(hit));
  });
/** The only other avatar in a two-visitor instance, as that visitor's engine draws it. */
const otherAvatar = (page: Visitor) =>
  page.evaluate(() => {
    const e = window.__atriumEngine as unknown as { avatars: { ids(): string[]; describe(id: string): { talking: boolean; emote: string | null } | null } };
    const id = e.avatars.ids()[0];
    return id ? e.avatars.describe(id) : null;
  });
const selfTalking = (page: Visitor) => page.evaluate(() => (window.__atriumEngine as unknown as { avatars: { isLocalTalking(): boolean } }).avatars.isLocalTalking());
const snap = (page: Visitor, name: string) => page.screenshot({ path: path.join(ROOT, '.test-results', `${name}.png`), timeout: 120_000 });

describe('voice in the viewer (three browsers, fake microphones)', () => {
  beforeAll(async () => {
    // Its own server: the communication list below must not change a space other files visit.
    app = await startApp({ database: 'postgres', own: true });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close().catch(() => undefined)));
    await app?.stop();
  });

  it('lets two listed visitors hear each other, with talking marks over their avatars', async () => {
    alice = await talker(app.baseURL);
    bob = await talker(app.baseURL);
    aliceId = await signUp(alice, 'Alice Voice', 'alice.voice@example.org');
    bobId = await signUp(bob, 'Bob Voice', 'bob.voice@example.org');
    // The space's communication list names Alice and Bob (spec §6: 'communications can be disabled');
    // Bob made the space, so Alice's creator card is about him.
    await app.sql!.query('update scenes set communication_acl_enabled = true, creator_id = $2 where id = $1', [sceneId, bobId]);
    for (const id of [aliceId, bobId])
      await app.sql!.query(`insert into scene_acl (scene_id, list, principal_type, principal_id) values ($1, 'communication', 'user', $2)`, [sceneId, id]);

    console.log('two signed up');
    await enter(alice, 'alice');
    await enter(bob, 'bob');
    console.log('two in the space');
    // Side by side, so each hears the other close by.
    const a = await alice.evaluate(() => window.__atriumEngine!.getPlayerPosition());
    await bob.evaluate((p) => window.__atriumEngine!.teleport(p as Vec3, [0, 0, 0]), [a[0] + 1.5, a[1], a[2]] as Vec3);

    const started = Date.now();
    await poll(() => audioIn(alice).then((s) => s.packets), 'alice receives bob’s audio packets', 120_000).toBeGreaterThan(50);
    await poll(() => audioIn(bob).then((s) => s.packets), 'bob receives alice’s audio packets', 120_000).toBeGreaterThan(50);
    console.log(`voice flowing both ways ${Date.now() - started} ms after both entered`);
    await poll(() => audioIn(alice).then((s) => s.level), 'alice hears a non-zero level', 60_000).toBeGreaterThan(0);
    await poll(() => audioIn(bob).then((s) => s.level), 'bob hears a non-zero level', 60_000).toBeGreaterThan(0);
    console.log('levels', JSON.stringify({ alice: await audioIn(alice), bob: await audioIn(bob) }));
    // And through the speakers: Alice's Web Audio graph hears Bob talking (the tone) at his avatar.
    await openSettings(alice);
    await poll(() => alice.locator(`[data-testid="voice-speaker"][data-user="${bobId}"]`).getAttribute('data-talking'), 'alice sees bob talking', 60_000).toBe('true');
    // The engine's talking mark: over Bob's avatar in Alice's view, and over Alice's own.
    await poll(() => otherAvatar(alice).then((a) => a?.talking), 'talking mark over bob’s avatar for alice', 30_000).toBe(true);
    await poll(() => selfTalking(alice), 'talking mark over alice’s own avatar', 30_000).toBe(true);

    // Settings → microphone: live, with a moving level meter and a microphone to pick.
    await poll(() => voiceStatus(alice), 'alice’s voice is live', 30_000).toBe('live');
    await poll(async () => Number(await alice.getByTestId('voice-level').getAttribute('data-level')), 'level meter moves', 30_000).toBeGreaterThan(0);
    expect(await alice.getByTestId('voice-microphone-picker').inputValue()).not.toBe('');
    await snap(alice, 'voice-alice-settings');
  }, 600_000);

  it('keeps the microphone toggle reachable on a 1280×640 window and mutes with a real click', async () => {
    // Every sidebar's button (16 and more) is taller than the window: the panels scroll, the
    // microphone stays pinned and clickable.
    const buttons = await alice.locator('nav[aria-label] button').count();
    console.log(`toolbar buttons at 1280×640: ${buttons}`);
    expect(buttons).toBeGreaterThanOrEqual(15);
    expect(await alice.getByTestId('toolbar-panels').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await poll(() => reachable(alice, 'voice-toggle'), 'mic toggle inside the window and on top', 10_000).toBe(true);
    await alice.getByTestId('voice-toggle').click({ timeout: 60_000 });
    await poll(() => alice.getByTestId('voice-toggle').getAttribute('aria-pressed'), 'alice muted', 10_000).toBe('true');
    await poll(() => selfTalking(alice), 'no talking mark while muted', 10_000).toBe(false);
    await snap(alice, 'voice-alice-muted');
    await alice.getByTestId('voice-toggle').click({ timeout: 60_000 });
    await poll(() => alice.getByTestId('voice-toggle').getAttribute('aria-pressed'), 'alice unmuted', 10_000).toBe('false');
  }, 300_000);

  it('sends Alice’s voice only while she holds V once push-to-talk is on', async () => {
    await alice.getByRole('switch', { name: 'Push to talk' }).dispatchEvent('click');
    await poll(() => alice.getByTestId('voice-toggle').getAttribute('data-mode'), 'toolbar shows hold-to-talk', 10_000).toBe('push-to-talk');
    // Key up: Bob stops seeing Alice talk (after the 700 ms hold).
    await alice.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await poll(() => otherAvatar(bob).then((a) => a?.talking), 'no mark over alice for bob while V is up', 30_000).toBe(false);
    await poll(() => selfTalking(alice), 'no mark over alice’s own avatar while V is up', 10_000).toBe(false);
    await alice.keyboard.down('v');
    await poll(() => alice.getByTestId('voice-ptt-state').getAttribute('data-held'), 'settings say talking', 10_000).toBe('true');
    await poll(() => selfTalking(alice), 'mark over alice’s own avatar while V is held', 10_000).toBe(true);
    await poll(() => otherAvatar(bob).then((a) => a?.talking), 'mark over alice for bob while V is held', 30_000).toBe(true);
    // Bob steps back and turns to Alice (camera yaw +90° looks along −x) to see the mark over her.
    const at = await alice.evaluate(() => window.__atriumEngine!.getPlayerPosition());
    await bob.evaluate((p) => window.__atriumEngine!.teleport(p as Vec3, [0, Math.PI / 2, 0]), [at[0] + 3, at[1], at[2]] as Vec3);
    await snap(bob, 'voice-bob-sees-alice-talking');
    await alice.keyboard.up('v');
    await poll(() => otherAvatar(bob).then((a) => a?.talking), 'mark gone for bob after V is let go', 30_000).toBe(false);
    await alice.getByRole('switch', { name: 'Push to talk' }).dispatchEvent('click');
    await poll(() => alice.getByTestId('voice-toggle').getAttribute('data-mode'), 'back to mute/unmute', 10_000).toBe(null);
  }, 300_000);

  it('lets Alice greet, chat with, invite and mute the creator from the creator card', async () => {
    await openPanel(alice, 'Creator');
    const card = alice.getByTestId('creator-card');
    await expect.poll(() => card.innerText(), { timeout: 60_000 }).toContain('Bob Voice');
    const action = (name: string) => card.getByRole('button', { name, exact: true }).dispatchEvent('click');
    // Greet: Bob sees Alice's avatar wave and a hello in the space's chat.
    await action('Greet');
    await poll(() => otherAvatar(bob).then((a) => a?.emote), 'bob sees alice wave', 30_000).toBe('wave');
    await openPanel(bob, 'Chat');
    // Public chat is not stored: a hub reconnect on this loaded machine can drop one message, so a
    // greeting that has not arrived in 20 s is sent again (at most twice more).
    const bobChat = () => bob.getByTestId('panel-chat').innerText().catch(() => '');
    for (let attempt = 0; attempt < 2 && !(await bobChat()).includes('Hi Bob Voice!'); attempt++) {
      await expect.poll(bobChat, { timeout: 20_000 }).toContain('Hi Bob Voice!').catch(() => action('Greet'));
    }
    await expect.poll(bobChat, { timeout: 20_000 }).toContain('Hi Bob Voice!');
    // Invite: Bob has a party invitation from Alice.
    await action('Invite');
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toContain('is invited to your party');
    const invitations = await bob.evaluate(async () => (await (await fetch('/api/partyinvitation')).json()) as { from: { name: string } }[]);
    expect(invitations.map((i) => i.from.name)).toContain('Alice Voice');
    // Mute: Bob's voice is silenced for Alice (no longer heard talking), his chat hidden.
    await action('Mute');
    await poll(() => card.getByRole('button', { name: 'Unmute', exact: true }).getAttribute('aria-pressed'), 'mute pressed', 10_000).toBe('true');
    await snap(alice, 'voice-creator-card');
    await openSettings(alice);
    await poll(() => alice.locator(`[data-testid="voice-speaker"][data-user="${bobId}"]`).getAttribute('data-talking'), 'bob silenced for alice', 30_000).toBe('false');
    await poll(() => otherAvatar(alice).then((a) => a?.talking), 'no mark over muted bob', 30_000).toBe(false);
    // Chat: opens the direct message with Bob in the Chat sidebar.
    await openPanel(alice, 'Creator');
    await action('Chat');
    await poll(() => alice.locator('[data-panel="chat"]').getAttribute('aria-pressed'), 'chat sidebar open', 30_000).toBe('true');
    await poll(() => alice.getByRole('tab', { name: 'Direct' }).getAttribute('aria-selected'), 'direct tab', 30_000).toBe('true');
    await snap(alice, 'voice-creator-chat');
  }, 300_000);

  it('gives a visitor the communication list leaves out no voice token', async () => {
    // Carol may visit the space but is not on the list: the token request is refused. (Alice's and
    // Bob's browsers close first: three software-rendered viewers are more than this machine holds.)
    await Promise.all(browsers.splice(0).map((b) => b.close()));
    const carol = await talker(app.baseURL);
    await signUp(carol, 'Carol Voice', 'carol.voice@example.org');
    const refused = carol.waitForResponse((r) => r.url().endsWith('/api/voice/token'), { timeout: 120_000 });
    await enter(carol, 'carol');
    const res = await refused;
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('COMMUNICATIONS_DISABLED');
    await openSettings(carol);
    await poll(() => voiceStatus(carol), 'carol is told communications are disabled', 30_000).toBe('disabled');
    await expect.poll(() => carol.getByTestId('voice-settings').innerText()).toContain('Communications are disabled');
    expect((await audioIn(carol)).packets).toBe(0);
    await snap(carol, 'voice-carol-disabled');
  }, 600_000);
});
