import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { NotificationView, RsvpListItem, RsvpStatus, SceneEventView } from '@atrium/shared';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { scenes } from '../src/db/schema/index.ts';
import { EventsRepo } from '../src/modules/events/repo.ts';
import { EventsService } from '../src/modules/events/service.ts';
import { NotificationsRepo } from '../src/modules/notifications/repo.ts';
import { NotificationsService } from '../src/modules/notifications/service.ts';
import { SceneAccess } from '../src/modules/sceneAccess/access.ts';
import { ScenesRepo } from '../src/modules/scenes/repo.ts';
import { OffsetClock } from '../src/modules/subscriptions/clock.ts';
import { InProcessQueue, PgBossQueue, type JobQueue } from '../src/jobs/index.ts';
import { databases, TEST_DATABASE_URL, type TestDb } from './support/db.ts';
import { bearer } from './support/identity.ts';
import { makePeople, makeSpace, until, type Person } from './support/realtime.ts';
import { RecordingMailer } from './support/app.ts';

// Issue 20: RSVP (going / not going, counts, the owner's list) and the reminder notification sent
// once to people going, shortly before the start, however many runs, processes or restarts.
describe.each(databases)('event RSVP and reminders on %s', (name, openDb) => {
  let db: TestDb;
  let app: FastifyInstance;
  const clock = new OffsetClock();
  let owner: Person;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let sceneId: string;
  const queues: JobQueue[] = [];

  const req = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const inMinutes = (m: number) => new Date(clock.now().getTime() + m * 60_000).toISOString();
  const schedule = async (startsInMinutes: number, space = sceneId) => {
    const res = await req(owner, 'POST', `/api/sceneevent/scene/${space}`, {
      title: `Event ${crypto.randomBytes(3).toString('hex')}`,
      startsAt: inMinutes(startsInMinutes),
      durationMinutes: 60,
    });
    expect(res.statusCode).toBe(201);
    return res.json<SceneEventView>();
  };
  const rsvp = (who: Person | null, eventId: string, answer: unknown) =>
    req(who, 'PUT', `/api/sceneevent/${eventId}/rsvp`, { answer });
  const reminders = async (who: Person, eventId: string) =>
    (await req(who, 'GET', '/api/notification/my?limit=50'))
      .json<{ items: NotificationView[] }>()
      .items.filter((n) => n.type === 'eventReminder' && n.payload.eventId === eventId);
  /**
   * Another process's view of the same database: its own service, the same clock. (The app's own
   * recurring job may run in between too, so the checks count notifications, not who sent them.)
   */
  const otherProcess = () =>
    new EventsService({
      repo: new EventsRepo(db.db),
      scenes: new ScenesRepo(db.db),
      access: new SceneAccess(db.db),
      now: () => clock.now(),
      remind: (userId, r) => new NotificationsService(new NotificationsRepo(db.db)).notify(userId, { type: 'eventReminder', ...r }),
    });

  beforeAll(async () => {
    db = await openDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, TEST_FAST_PASSWORD_HASH: 'true' });
    app = await buildApp({ config, database: db, mailer: new RecordingMailer(), clock });
    await app.ready();
    [owner, alice, bob, carol] = (await makePeople(db.db, 4, 'rsvp')) as [Person, Person, Person, Person];
    sceneId = (await makeSpace(db.db, { ownerId: owner.id })).id;
  }, 120_000);
  const jobSchemas: string[] = [];
  afterAll(async () => {
    await Promise.allSettled(queues.map((q) => q.stop()));
    if (jobSchemas.length) {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      for (const s of jobSchemas) await c.query(`drop schema if exists ${s} cascade`);
      await c.end();
    }
    await app?.close();
    await db?.close();
  });

  it('counts going and not going, shows each caller their own answer, and replaces a repeated answer', async () => {
    const ev = await schedule(120);
    expect(ev).toMatchObject({ going: 0, notGoing: 0, myRsvp: null });

    const first = await rsvp(alice, ev.eventId, 'going');
    expect(first.statusCode).toBe(200);
    expect(first.json<RsvpStatus>()).toEqual({ eventId: ev.eventId, myRsvp: 'going', going: 1, notGoing: 0 });
    expect((await rsvp(bob, ev.eventId, 'notGoing')).json<RsvpStatus>()).toMatchObject({ going: 1, notGoing: 1, myRsvp: 'notGoing' });
    // Changing one's mind moves the one answer; it is never counted twice.
    expect((await rsvp(bob, ev.eventId, 'going')).json<RsvpStatus>()).toMatchObject({ going: 2, notGoing: 0 });
    expect((await rsvp(bob, ev.eventId, 'notGoing')).json<RsvpStatus>()).toMatchObject({ going: 1, notGoing: 1 });

    const list = async (who: Person | null) =>
      (await req(who, 'GET', `/api/sceneevent/scene/${sceneId}`)).json<SceneEventView[]>().find((e) => e.eventId === ev.eventId)!;
    expect(await list(alice)).toMatchObject({ going: 1, notGoing: 1, myRsvp: 'going' });
    expect(await list(bob)).toMatchObject({ myRsvp: 'notGoing' });
    expect(await list(null)).toMatchObject({ going: 1, notGoing: 1, myRsvp: null });
    expect((await req(carol, 'GET', `/api/sceneevent/${ev.eventId}`)).json<SceneEventView>()).toMatchObject({ going: 1, myRsvp: null });
  });

  it('holds one answer per person under a flood of concurrent RSVPs', async () => {
    const ev = await schedule(180);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => rsvp(carol, ev.eventId, i % 2 ? 'going' : 'notGoing')),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const v = (await req(carol, 'GET', `/api/sceneevent/${ev.eventId}`)).json<SceneEventView>();
    expect(v.going + v.notGoing).toBe(1);
    expect((await req(owner, 'GET', `/api/sceneevent/${ev.eventId}/rsvp`)).json<RsvpListItem[]>()).toHaveLength(1);
  });

  it("gives the owner the list of answers, and no one else; refuses bad input and other people's spaces", async () => {
    const ev = await schedule(240);
    await rsvp(alice, ev.eventId, 'going');
    await rsvp(bob, ev.eventId, 'notGoing');
    const list = await req(owner, 'GET', `/api/sceneevent/${ev.eventId}/rsvp`);
    expect(list.statusCode).toBe(200);
    const items = list.json<RsvpListItem[]>();
    expect(items.map((i) => [i.userId, i.answer])).toEqual([
      [bob.id, 'notGoing'],
      [alice.id, 'going'],
    ]);
    expect(items[0]!.name).toBe(bob.name);

    const forbidden = await req(alice, 'GET', `/api/sceneevent/${ev.eventId}/rsvp`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await req(null, 'GET', `/api/sceneevent/${ev.eventId}/rsvp`)).statusCode).toBe(401);
    expect((await rsvp(null, ev.eventId, 'going')).statusCode).toBe(401);

    for (const bad of ['maybe', '', 1, null, { going: true }]) {
      const res = await rsvp(alice, ev.eventId, bad);
      expect(res.statusCode).toBe(400);
    }
    const extra = await req(alice, 'PUT', `/api/sceneevent/${ev.eventId}/rsvp`, { answer: 'going', userId: bob.id });
    expect(extra.statusCode).toBe(400);
    expect((await rsvp(alice, crypto.randomUUID(), 'going')).json().error.code).toBe('NOT_FOUND');
    expect((await rsvp(alice, 'not-a-uuid', 'going')).statusCode).toBe(400);
    expect((await req(owner, 'GET', `/api/sceneevent/${crypto.randomUUID()}/rsvp`)).statusCode).toBe(404);

    // A private space's event: someone not on its list cannot answer; a hidden space's is not found.
    const privateSpace = (await makeSpace(db.db, { ownerId: owner.id })).id;
    const hidden = await schedule(60, privateSpace);
    await db.db.update(scenes).set({ publishedPublic: false, privacyAclEnabled: true }).where(eq(scenes.id, privateSpace));
    const denied = await rsvp(alice, hidden.eventId, 'going');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('SPACE_ACCESS_DENIED');
    await db.db.update(scenes).set({ visible: false }).where(eq(scenes.id, privateSpace));
    expect((await rsvp(alice, hidden.eventId, 'going')).statusCode).toBe(404);
  });

  it('closes the RSVP once the event is over', async () => {
    const ev = await schedule(1);
    clock.advance(62 * 60_000);
    try {
      const late = await rsvp(alice, ev.eventId, 'going');
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This event is over');
    } finally {
      clock.advance(-62 * 60_000);
    }
  });

  it('reminds people going once, shortly before the start, across racing processes, restarts and replays', async () => {
    const soon = await schedule(10);
    const later = await schedule(120);
    await rsvp(alice, soon.eventId, 'going');
    await rsvp(bob, soon.eventId, 'notGoing');
    await rsvp(carol, later.eventId, 'going');

    // Two processes run the reminder job at the same moment: one claims each reminder.
    const [a, b] = [otherProcess(), otherProcess()];
    const sent = await Promise.all([a.sendDueReminders(), b.sendDueReminders(), a.sendDueReminders()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1);
    const mine = await reminders(alice, soon.eventId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toBe(`"${soon.title}" starts soon in "Realtime test space"`);
    expect(mine[0]!.payload).toMatchObject({ sceneId, eventId: soon.eventId });
    expect(await reminders(bob, soon.eventId)).toHaveLength(0);
    // Two hours ahead is not "shortly before".
    expect(await reminders(carol, later.eventId)).toHaveLength(0);

    // A restarted process (a new service on the same rows) and later runs send nothing again.
    clock.advance(5 * 60_000);
    await otherProcess().sendDueReminders();
    expect(await reminders(alice, soon.eventId)).toHaveLength(1);

    // Someone who says "going" late, before the start, is still reminded, once.
    await rsvp(bob, soon.eventId, 'going');
    await Promise.all([otherProcess().sendDueReminders(), otherProcess().sendDueReminders()]);
    await otherProcess().sendDueReminders();
    expect(await reminders(bob, soon.eventId)).toHaveLength(1);

    // A rescheduled event reminds again at its new time (and not at the old one).
    const moved = await req(owner, 'PATCH', `/api/sceneevent/${soon.eventId}`, { startsAt: inMinutes(90) });
    expect(moved.statusCode).toBe(200);
    await otherProcess().sendDueReminders();
    expect(await reminders(alice, soon.eventId)).toHaveLength(1);
    clock.advance(80 * 60_000);
    try {
      await otherProcess().sendDueReminders();
      expect(await reminders(alice, soon.eventId)).toHaveLength(2);
      expect(await reminders(bob, soon.eventId)).toHaveLength(2);
    } finally {
      clock.advance(-85 * 60_000);
    }
  });

  it('gives a reminder back when its notification fails, and sends it on the next run', async () => {
    const ev = await schedule(5);
    await rsvp(alice, ev.eventId, 'going');
    let fail = true;
    const flaky = new EventsService({
      repo: new EventsRepo(db.db),
      scenes: new ScenesRepo(db.db),
      access: new SceneAccess(db.db),
      now: () => clock.now(),
      remind: async (userId, r) => {
        if (fail) throw new Error('notifications down');
        return new NotificationsService(new NotificationsRepo(db.db)).notify(userId, { type: 'eventReminder', ...r });
      },
    });
    await expect(flaky.sendDueReminders()).rejects.toThrow('notifications down');
    expect(await reminders(alice, ev.eventId)).toHaveLength(0);
    fail = false;
    await flaky.sendDueReminders();
    expect(await reminders(alice, ev.eventId)).toHaveLength(1);
  });

  it("runs on the job queue: two processes' recurring reminder jobs send each reminder once", async () => {
    const ev = await schedule(3);
    await rsvp(carol, ev.eventId, 'going');
    const schema = `jobs_${crypto.randomBytes(5).toString('hex')}`;
    jobSchemas.push(schema);
    const queue = () => {
      const q: JobQueue =
        name === 'postgres' ? new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema }) : new InProcessQueue();
      q.every('event-reminders', 1000, () => otherProcess().sendDueReminders());
      queues.push(q);
      return q;
    };
    await Promise.all([queue().start(), queue().start()]);
    await until(async () => (await reminders(carol, ev.eventId)).length > 0, 15_000, 'the reminder');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await reminders(carol, ev.eventId)).toHaveLength(1);
  });
});
