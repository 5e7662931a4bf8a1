import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/harness.ts';
import { closeVisitors, enter as enterSpace, openPanel, others, poll, signUp, visitor, type Visitor } from './support/realtimeVisitors.ts';

// A deploy restarts the server under two visitors standing in a space. The instance they were in is
// gone with its process; each viewer joins a new instance of the same space on its own, and they
// see each other again without reloading the page.

let app: RunningApp;
let sceneId: string;
const enter = (page: Visitor, who: string) => enterSpace(page, sceneId, who, () => app.output());
const status = (page: Visitor) => page.getByTestId('live-space-status').textContent();

describe('realtime after a server restart (two browsers)', () => {
  beforeAll(async () => {
    // A server of its own (the restart would cut every other file's visitors off), on PostgreSQL so
    // the accounts and the space outlive the process.
    app = await startApp({ database: 'postgres', own: true });
    const rows = await app.sql!.query<{ id: string }>('select id from scenes where demo_key is not null order by created_at limit 1');
    sceneId = rows.rows[0]!.id;
  });
  afterAll(async () => {
    await closeVisitors();
    await app?.stop();
  });

  it('puts both visitors back into the space, seeing each other, once the server answers again', async () => {
    const alice = await visitor(app.baseURL);
    const bob = await visitor(app.baseURL);
    const warnings: string[] = [];
    alice.on('console', (m) => {
      if (m.type() === 'warning' && m.text().startsWith('realtime')) warnings.push(m.text());
    });
    await signUp(alice, 'Alice Restart', 'alice.restart@example.org');
    await signUp(bob, 'Bob Restart', 'bob.restart@example.org');
    await enter(alice, 'alice');
    await enter(bob, 'bob');
    await poll(() => others(alice).then((l) => l.length), 'alice sees bob', 90_000).toBe(1);
    await poll(() => others(bob).then((l) => l.length), 'bob sees alice', 90_000).toBe(1);
    await openPanel(alice, 'Live visitors');
    await poll(() => status(alice), 'alice connected', 30_000).toBe('Connected');
    await poll(() => alice.getByTestId('scene-count').textContent(), 'alice’s hub counts', 60_000).toMatch(/^2 /);

    await app.restart!();

    // The page was not reloaded: the same engine, now in a new instance with bob again.
    await poll(() => status(alice), 'alice back in the space', 60_000).toBe('Connected');
    await poll(() => others(alice).then((l) => l.length), 'alice sees bob after the restart', 60_000).toBe(1);
    await poll(() => others(bob).then((l) => l.length), 'bob sees alice after the restart', 60_000).toBe(1);
    // The live-user hub is back too: the count of people in this space is live again when bob leaves.
    // The server's own count first (bob's seat is held 30 s for a reconnection), so a failure says
    // which side kept the old figure: the room listing, or alice's hub connection.
    await bob.close();
    const serverCount = () =>
      fetch(`${app.baseURL}/api/live?sceneIds=${sceneId}`)
        .then((r) => r.json() as Promise<{ scenes: { count: number }[] }>)
        .then((b) => b.scenes[0]?.count);
    await poll(serverCount, 'the server counts bob leaving', 60_000).toBe(1);
    await poll(() => alice.getByTestId('scene-count').textContent(), 'alice’s hub counts bob leaving', 30_000)
      .toMatch(/^1 /)
      .catch((e: Error) => {
        throw new Error(`${e.message}\nalice’s realtime warnings: ${JSON.stringify(warnings)}`);
      });
    expect(alice.errors.filter((e) => !/Failed to load resource|WebSocket/.test(e))).toEqual([]);
  });
});
