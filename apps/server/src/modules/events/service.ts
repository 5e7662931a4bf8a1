import { newId } from '../../db/newId.ts';
import type { z } from 'zod';
import type { rsvpBody, sceneEventBody, sceneEventPatch } from '@atrium/shared';
import { AppError, EVENT_LIMITS, msg, type RsvpListItem, type RsvpStatus, type SceneEventView } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { EventsRepo, SceneEventRow } from './repo.ts';

const DAY_MS = 86_400_000;

/** What a reminder notification carries (app.ts turns it into a stored notification). */
export interface EventReminder {
  eventId: string;
  eventTitle: string;
  sceneId: string;
  sceneTitle: string;
}
const minutes = (r: Pick<SceneEventRow, 'startsAt' | 'endsAt'>) =>
  Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000);

/**
 * Scheduled events of a space (issue 20). Anyone who may read the space sees its events; only the
 * space's owner schedules, edits and cancels them (sceneAccess decides both, first). An event of a
 * space the caller cannot see is simply not found.
 */
export class EventsService {
  private readonly repo: EventsRepo;
  private readonly scenes: ScenesRepo;
  private readonly access: SceneAccess;
  private readonly now: () => Date;
  private readonly remind: (userId: string, r: EventReminder) => Promise<unknown>;
  constructor(deps: {
    repo: EventsRepo;
    scenes: ScenesRepo;
    access: SceneAccess;
    now?: () => Date;
    /** Sends one reminder (a stored notification); a throw gives the reminder back for the next run. */
    remind?: (userId: string, r: EventReminder) => Promise<unknown>;
  }) {
    this.repo = deps.repo;
    this.scenes = deps.scenes;
    this.access = deps.access;
    this.now = deps.now ?? (() => new Date());
    this.remind = deps.remind ?? (async () => undefined);
  }

  /** Views with RSVP counts and the caller's own answer, in one query each for the whole list. */
  private async views(actor: Actor | null, rows: SceneEventRow[]): Promise<SceneEventView[]> {
    const ids = rows.map((r) => r.id);
    const [counts, mine] = await Promise.all([
      this.repo.counts(ids),
      actor ? this.repo.answersOf(actor.userId, ids) : Promise.resolve(new Map<string, boolean>()),
    ]);
    return rows.map((r) => {
      const c = counts.get(r.id) ?? { going: 0, notGoing: 0 };
      const my = mine.get(r.id);
      return { ...this.view(r), ...c, myRsvp: my === undefined ? null : my ? 'going' : 'notGoing' };
    });
  }

  private async one(actor: Actor | null, r: SceneEventRow): Promise<SceneEventView> {
    return (await this.views(actor, [r]))[0]!;
  }

  private view(r: SceneEventRow): Omit<SceneEventView, 'going' | 'notGoing' | 'myRsvp'> {
    const now = this.now().getTime();
    return {
      eventId: r.id,
      sceneId: r.sceneId,
      title: r.title,
      description: r.description,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      durationMinutes: minutes(r),
      host: {
        userId: r.hostId,
        name: r.hostName,
        profilePicture: profilePictureUrl(r.hostId, r.hostPicture),
      },
      live: r.startsAt.getTime() <= now && now < r.endsAt.getTime(),
      createdAt: r.createdAt.toISOString(),
    };
  }

  /** Not in the past (beyond a few minutes' grace) and at most a year ahead: 400 otherwise. */
  private checkStart(startsAt: Date) {
    const now = this.now().getTime();
    if (startsAt.getTime() < now - EVENT_LIMITS.pastGraceMs)
      throw new AppError('VALIDATION_FAILED', msg.events.inPast, {
        fieldErrors: { startsAt: [msg.events.inPast] },
      });
    if (startsAt.getTime() > now + EVENT_LIMITS.maxDaysAhead * DAY_MS)
      throw new AppError('VALIDATION_FAILED', msg.events.tooFarAhead, {
        fieldErrors: { startsAt: [msg.events.tooFarAhead] },
      });
  }

  private async checkHost(hostId: string) {
    if (!(await this.repo.userExists(hostId)))
      throw new AppError('VALIDATION_FAILED', msg.events.hostMissing, {
        fieldErrors: { hostId: [msg.events.hostMissing] },
      });
  }

  async list(actor: Actor | null, sceneId: string): Promise<SceneEventView[]> {
    await this.access.assertRead(actor, await this.scenes.findAccess(sceneId));
    return this.views(actor, await this.repo.upcoming(sceneId, this.now()));
  }

  /** An event of a space the caller may read; 404 (missing or hidden) or 403 (private) otherwise. */
  private async readable(actor: Actor | null, id: string): Promise<SceneEventRow> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', msg.events.notFound);
    const decision = await this.access.decide(actor, await this.scenes.findAccess(row.sceneId));
    if (decision === 'missing') throw new AppError('NOT_FOUND', msg.events.notFound);
    if (decision === 'denied') throw new AppError('SPACE_ACCESS_DENIED');
    return row;
  }

  async get(actor: Actor | null, id: string): Promise<SceneEventView> {
    return this.one(actor, await this.readable(actor, id));
  }

  /**
   * RSVP: anyone who may read the space answers going or not going, until the event is over (409).
   * One row per person and event, so repeating the answer (or a flood of them) changes nothing.
   */
  async rsvp(actor: Actor, id: string, body: z.output<typeof rsvpBody>): Promise<RsvpStatus> {
    const row = await this.readable(actor, id);
    if (row.endsAt.getTime() <= this.now().getTime()) throw new AppError('CONFLICT', msg.events.rsvpClosed);
    await this.repo.answer(id, actor.userId, body.answer === 'going');
    const v = await this.one(actor, row);
    return { eventId: id, myRsvp: v.myRsvp, going: v.going, notGoing: v.notGoing };
  }

  /** Who answered: the space owner's alone (others 403, a space they cannot see 404). */
  async answers(actor: Actor, id: string): Promise<RsvpListItem[]> {
    await this.owned(actor, id);
    return (await this.repo.answers(id)).map((a) => ({
      userId: a.userId,
      name: a.name,
      profilePicture: profilePictureUrl(a.userId, a.picture),
      answer: a.going ? 'going' : 'notGoing',
      answeredAt: a.answeredAt.toISOString(),
    }));
  }

  /**
   * The reminder job's run: people going to an event starting within `EVENT_LIMITS.reminderLeadMs`
   * get one notification. Rows are claimed before sending (see repo.claimReminders), so overlapping
   * runs, several processes and replays after a restart send each reminder once; a failed send is
   * given back and retried on the next run.
   */
  async sendDueReminders(): Promise<number> {
    const now = this.now();
    const due = await this.repo.claimReminders(now, new Date(now.getTime() + EVENT_LIMITS.reminderLeadMs));
    let sent = 0;
    let failed: unknown = null;
    for (const d of due) {
      try {
        await this.remind(d.userId, { eventId: d.eventId, eventTitle: d.title, sceneId: d.sceneId, sceneTitle: d.sceneTitle });
        sent++;
      } catch (err) {
        await this.repo.unclaimReminder(d.eventId, d.userId);
        failed ??= err;
      }
    }
    // The queue logs the failure; the reminders given back go out on the next run.
    if (failed) throw failed;
    return sent;
  }

  async create(
    actor: Actor,
    sceneId: string,
    body: z.output<typeof sceneEventBody>,
  ): Promise<SceneEventView> {
    await this.access.assertOwner(actor, await this.scenes.findAccess(sceneId));
    const startsAt = new Date(body.startsAt);
    this.checkStart(startsAt);
    const hostId = body.hostId ?? actor.userId;
    if (body.hostId) await this.checkHost(hostId);
    if ((await this.repo.countUpcoming(sceneId, this.now())) >= EVENT_LIMITS.perSpaceMax)
      throw new AppError('CONFLICT', msg.events.tooMany(EVENT_LIMITS.perSpaceMax));
    const id = newId();
    await this.repo.insert({
      id,
      sceneId,
      hostId,
      title: body.title,
      description: body.description,
      startsAt,
      endsAt: new Date(startsAt.getTime() + body.durationMinutes * 60_000),
    });
    return this.one(actor, (await this.repo.find(id))!);
  }

  /** The owner's event, or 404/403 by the space's rule; an id that is no event is 404. */
  private async owned(actor: Actor, id: string): Promise<SceneEventRow> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', msg.events.notFound);
    await this.access.assertOwner(actor, await this.scenes.findAccess(row.sceneId));
    return row;
  }

  async update(actor: Actor, id: string, patch: z.output<typeof sceneEventPatch>): Promise<SceneEventView> {
    const row = await this.owned(actor, id);
    const startsAt = patch.startsAt ? new Date(patch.startsAt) : row.startsAt;
    if (patch.startsAt) this.checkStart(startsAt);
    if (patch.hostId) await this.checkHost(patch.hostId);
    const duration = patch.durationMinutes ?? minutes(row);
    await this.repo.update(id, {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.hostId ? { hostId: patch.hostId } : {}),
      startsAt,
      endsAt: new Date(startsAt.getTime() + duration * 60_000),
    });
    if (startsAt.getTime() !== row.startsAt.getTime()) await this.repo.resetReminders(id);
    return this.one(actor, (await this.repo.find(id))!);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.repo.delete(id);
  }

  /**
   * For the live-user hub and broadcast voice: the event on now in this space, if any, with its host
   * and end (no access check: the caller did it).
   */
  async liveIn(sceneId: string): Promise<{ eventId: string; title: string; hostId: string; endsAt: Date } | null> {
    const row = await this.repo.live(sceneId, this.now());
    return row ? { eventId: row.id, title: row.title, hostId: row.hostId, endsAt: row.endsAt } : null;
  }
}
