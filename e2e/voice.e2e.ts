import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startApp, type RunningApp } from './support/harness.ts';
import { enter as enterSpace, poll, signUp, type Visitor } from './support/realtimeVisitors.ts';

// Issue 20, voice: two visitors on a space's communication list hear each other through Janus
// (Chromium's fake microphone plays a tone), and a third visitor of the same space, not on the
// list, is given no voice token and is told 'Communications are disabled'.

type Vec3 = [number, number, number];
interface AudioIn {
  packets: number;
  level: number;
}
declare global {
  interface Window {
    __voicePeers?: RTCPeerConnection[];
  }
}

const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });
const browsers: Browser[] = [];
let app: RunningApp;
let sceneId: string;

/** A visitor whose browser has a fake microphone (a tone) and allows it without asking. */
async function talker(baseURL: string): Promise<Visitor> {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
    ],
  });
  browsers.push(b);
  const context = await b.newContext({ viewport: { width: 1000, height: 640 }, baseURL });
  const page = (await context.newPage()) as Visitor;
  await page.addInitScript((v) => localStorage.setItem('atrium.viewer.settings', v), LOW);
  // The test reads WebRTC statistics the way chrome://webrtc-internals does: from every connection.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__voicePeers = [];
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        window.__voicePeers!.push(this);
      }
    };
  });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

/**
 * Inbound audio over all of a page's connections: RTP packets received (inbound-rtp) and the loudest
 * level WebRTC reports for the received sources. Playout goes through Web Audio panners, not a media
 * element, so inbound-rtp's own audioLevel (measured at an element's playout volume) stays 0; the
 * receivers' synchronization sources carry the level of what arrives.
 */
const audioIn = (page: Visitor) =>
  page.evaluate(async (): Promise<AudioIn> => {
    let packets = 0;
    let level = 0;
    for (const pc of window.__voicePeers ?? []) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; packetsReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') packets += s.packetsReceived ?? 0;
      });
      for (const r of pc.getReceivers()) for (const src of r.getSynchronizationSources()) level = Math.max(level, src.audioLevel ?? 0);
    }
    return { packets, level };
  });

const voiceStatus = (page: Visitor) => page.getByTestId('voice-settings').getAttribute('data-voice-status');
const openSettings = (page: Visitor) => page.getByRole('button', { name: 'Settings', exact: true }).first().dispatchEvent('click');
const enter = (page: Visitor, who: string) => enterSpace(page, sceneId, who, () => app.output());
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

  it('lets two listed visitors hear each other and gives the unlisted third no voice token', async () => {
    const alice = await talker(app.baseURL);
    const bob = await talker(app.baseURL);
    const aliceId = await signUp(alice, 'Alice Voice', 'alice.voice@example.org');
    const bobId = await signUp(bob, 'Bob Voice', 'bob.voice@example.org');
    // The space's communication list names Alice and Bob (spec §6: 'communications can be disabled').
    await app.sql!.query('update scenes set communication_acl_enabled = true where id = $1', [sceneId]);
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

    // Settings → microphone: live, with a moving level meter and a microphone to pick.
    await poll(() => voiceStatus(alice), 'alice’s voice is live', 30_000).toBe('live');
    await poll(async () => Number(await alice.getByTestId('voice-level').getAttribute('data-level')), 'level meter moves', 30_000).toBeGreaterThan(0);
    expect(await alice.getByTestId('voice-microphone-picker').inputValue()).not.toBe('');
    await snap(alice, 'voice-alice-settings');
    // Mute: Bob stops receiving sound from Alice (level falls to silence) while staying connected.
    await alice.getByTestId('voice-toggle').dispatchEvent('click');
    await poll(() => alice.getByTestId('voice-toggle').getAttribute('aria-pressed'), 'alice muted', 10_000).toBe('true');

    await snap(alice, 'voice-alice-muted');
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
