import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { sceneEventBody, sceneEventPatch } from '@atrium/shared';
import { AppError, EVENT_LIMITS, msg, type SceneEventView } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { EventsRepo, SceneEventRow } from './repo.ts';

const DAY_MS = 86_400_000;
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
  constructor(deps: { repo: EventsRepo; scenes: ScenesRepo; access: SceneAccess; now?: () => Date }) {
    this.repo = deps.repo;
    this.scenes = deps.scenes;
    this.access = deps.access;
    this.now = deps.now ?? (() => new Date());
  }

  private view(r: SceneEventRow): SceneEventView {
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
    return (await this.repo.upcoming(sceneId, this.now())).map((r) => this.view(r));
  }

  async get(actor: Actor | null, id: string): Promise<SceneEventView> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', msg.events.notFound);
    const decision = await this.access.decide(actor, await this.scenes.findAccess(row.sceneId));
    if (decision === 'missing') throw new AppError('NOT_FOUND', msg.events.notFound);
    if (decision === 'denied') throw new AppError('SPACE_ACCESS_DENIED');
    return this.view(row);
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
    const id = uuidv7();
    await this.repo.insert({
      id,
      sceneId,
      hostId,
      title: body.title,
      description: body.description,
      startsAt,
      endsAt: new Date(startsAt.getTime() + body.durationMinutes * 60_000),
    });
    return this.view((await this.repo.find(id))!);
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
    return this.view((await this.repo.find(id))!);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.repo.delete(id);
  }

  /** For the live-user hub: the event on now in this space, if any (no access check: the hub did it). */
  async liveIn(sceneId: string): Promise<{ eventId: string; title: string } | null> {
    const row = await this.repo.live(sceneId, this.now());
    return row ? { eventId: row.id, title: row.title } : null;
  }
}
