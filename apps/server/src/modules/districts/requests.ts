import {
  AppError,
  districtUrl,
  msg,
  type DistrictRequestKind,
  type DistrictRequestStatus,
  type DistrictRequestView,
  type PromotionSettings,
  type SceneCard,
} from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import { readableBy, type SceneAccess } from '../sceneAccess/access.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { DistrictRow, DistrictsRepo } from './repo.ts';
import type { DistrictRequestsRepo, RequestWithRequester } from './requestsRepo.ts';

type Page = { cp: number; ipp: number };
const M = msg.districtSpaces;

/** What a request tells the people involved (modules/notifications, handed over in app.ts). */
export type RequestNotice =
  | { type: 'districtRequest'; to: string; actor: Actor; sceneId: string; sceneTitle: string; kind: DistrictRequestKind; district: { id: string; title: string; url: string } }
  | { type: 'districtRequestAnswered'; to: string; accepted: boolean; sceneId: string; sceneTitle: string; kind: DistrictRequestKind; district: { id: string; title: string; url: string } };

export interface DistrictRequestsDeps {
  repo: DistrictRequestsRepo;
  districts: DistrictsRepo;
  access: DistrictAccess;
  scenes: SceneAccess;
  notify: (n: RequestNotice) => Promise<unknown>;
  publicUrl: string;
  now: () => Date;
}

/**
 * Spec §2 District page: Hosting Requests, Promoted, Promotion Requests, Promotion Settings. A
 * space's owner asks a district they may enter to host a published space of theirs (it then shows
 * among the district's spaces and in the space's district lists) or to promote a space the district
 * shows (Promoted, and the district home). Only the district's Owner sees the requests and answers
 * them, once: the answer is a conditional update, so a replay or a racing second answer is a 409.
 * The Owner's own request needs no answer. The requester is notified of the answer.
 */
export class DistrictRequestsService {
  private readonly d: DistrictRequestsDeps;
  constructor(deps: DistrictRequestsDeps) {
    this.d = deps;
  }

  private async district(actor: Actor | null, id: string) {
    const row = await this.d.districts.find(id);
    const { role } = await this.d.access.assertVisit(actor, row);
    return { row: row!, role };
  }

  private place(row: DistrictRow) {
    return { id: row.id, title: row.title, url: districtUrl(this.d.publicUrl, row.subdomain) };
  }

  async request(actor: Actor, districtId: string, kind: DistrictRequestKind, sceneId: string): Promise<DistrictRequestView> {
    const { row, role } = await this.district(actor, districtId);
    const space = await this.d.repo.space(sceneId);
    if (!space || space.ownerId !== actor.userId) {
      // Someone else's space: a 403 only when the caller can read it; otherwise as unknown as a missing one.
      if ((await this.d.scenes.decide(actor, space)) === 'allowed') throw new AppError('FORBIDDEN', M.notYourSpace);
      throw new AppError('NOT_FOUND', msg.scene.notFound);
    }
    if (space.state !== 'Published') throw new AppError('CONFLICT', M.notPublished);
    if (kind === 'hosting' && space.districtId === districtId) throw new AppError('CONFLICT', M.alreadyInDistrict);
    if (kind === 'promotion') {
      if (!(await this.d.repo.shows(districtId, sceneId))) throw new AppError('CONFLICT', M.notShown);
      if (!row.promotionRequestsOpen && role !== 'Owner') throw new AppError('FORBIDDEN', M.promotionClosed);
    }
    const owner = role === 'Owner';
    const { row: saved, created } = await this.d.repo.open({
      districtId,
      sceneId,
      kind,
      requesterId: actor.userId,
      status: owner ? 'accepted' : 'pending',
      now: this.d.now(),
      reopen: owner ? ['refused', 'pending'] : ['refused'],
    });
    if (!created) {
      if (saved.status === 'pending') throw new AppError('CONFLICT', M.pending);
      throw new AppError('CONFLICT', kind === 'hosting' ? M.alreadyHosted : M.alreadyPromoted);
    }
    if (!owner) {
      await this.d.notify({ type: 'districtRequest', to: row.ownerId, actor, sceneId, sceneTitle: space.title, kind, district: this.place(row) });
    }
    return this.view(actor, saved.id);
  }

  /** The Owner's answer. A request answered meanwhile (or a replay) is a 409; a withdrawn one a 404. */
  async decide(actor: Actor, districtId: string, kind: DistrictRequestKind, requestId: string, decision: 'accept' | 'refuse'): Promise<DistrictRequestView> {
    const row = await this.d.districts.find(districtId);
    await this.d.access.assertOwner(actor, row);
    const status = decision === 'accept' ? 'accepted' : 'refused';
    const done = await this.d.repo.decide(districtId, kind, requestId, status, actor.userId, this.d.now());
    if (!done) {
      if (await this.d.repo.byId(districtId, kind, requestId)) throw new AppError('CONFLICT', M.answered);
      throw new AppError('NOT_FOUND', M.requestNotFound);
    }
    const space = await this.d.repo.space(done.sceneId);
    if (done.requesterId !== actor.userId) {
      await this.d.notify({
        type: 'districtRequestAnswered',
        to: done.requesterId,
        accepted: status === 'accepted',
        sceneId: done.sceneId,
        sceneTitle: space?.title ?? '',
        kind,
        district: this.place(row!),
      });
    }
    return this.view(actor, done.id);
  }

  /** Hosting Requests / Promotion Requests (Owner only), pending by default. */
  async list(actor: Actor, districtId: string, kind: DistrictRequestKind, q: Page & { status: DistrictRequestStatus }): Promise<DistrictRequestView[]> {
    await this.d.access.assertOwner(actor, await this.d.districts.find(districtId));
    return this.views(actor, await this.d.repo.list(districtId, kind, q.status, q.cp, q.ipp));
  }

  /** The caller's own requests to this district (about spaces they own), in every state. */
  async mine(actor: Actor, districtId: string, kind: DistrictRequestKind): Promise<DistrictRequestView[]> {
    await this.district(actor, districtId);
    return this.views(actor, await this.d.repo.mine(districtId, kind, actor.userId));
  }

  /**
   * Withdraws a request or ends a hosting or promotion: the Owner for any space, the space's owner for
   * their own. Ending a hosting also ends the space's promotion there, unless a slot still holds it.
   * Anyone else learns nothing (404).
   */
  async remove(actor: Actor, districtId: string, kind: DistrictRequestKind, sceneId: string): Promise<void> {
    const { role } = await this.district(actor, districtId);
    const found = await this.d.repo.byScene(districtId, kind, sceneId);
    const space = found ? await this.d.repo.space(sceneId) : undefined;
    if (!found || (role !== 'Owner' && space?.ownerId !== actor.userId)) throw new AppError('NOT_FOUND', M.requestNotFound);
    const kinds: DistrictRequestKind[] = kind === 'hosting' && space?.districtId !== districtId ? ['hosting', 'promotion'] : [kind];
    await this.d.repo.remove(districtId, kinds, sceneId);
  }

  /** Promoted: what the district promotes, as each visitor may read it. */
  async promoted(actor: Actor | null, districtId: string, p: Page): Promise<SceneCard[]> {
    await this.district(actor, districtId);
    return this.d.repo.promoted(districtId, readableBy(actor?.userId ?? null), p.cp, p.ipp);
  }

  async settings(actor: Actor | null, districtId: string): Promise<PromotionSettings> {
    const { row } = await this.district(actor, districtId);
    return { promotionRequestsOpen: row.promotionRequestsOpen, promotedOnHome: row.promotedOnHome };
  }

  async setSettings(actor: Actor, districtId: string, patch: Partial<PromotionSettings>): Promise<PromotionSettings> {
    await this.d.access.assertOwner(actor, await this.d.districts.find(districtId));
    await this.d.repo.setSettings(districtId, patch);
    return this.settings(actor, districtId);
  }

  private async view(actor: Actor, requestId: string): Promise<DistrictRequestView> {
    const row = await this.d.repo.withRequesterById(requestId);
    if (!row) throw new AppError('NOT_FOUND', M.requestNotFound);
    return (await this.views(actor, [row]))[0]!;
  }

  /** Each request with its space's card as the reader may read it (null when they may not). */
  private async views(actor: Actor, rows: RequestWithRequester[]): Promise<DistrictRequestView[]> {
    const cards = await this.d.repo.cards(
      rows.map((r) => r.sceneId),
      readableBy(actor.userId),
    );
    return rows.map((r) => ({
      requestId: r.id,
      districtId: r.districtId,
      kind: r.kind,
      status: r.status,
      sceneId: r.sceneId,
      space: cards.find((c) => c.sceneId === r.sceneId) ?? null,
      requester: { userId: r.requesterId, name: r.requesterName ?? '', profilePicture: profilePictureUrl(r.requesterId, r.requesterPicture) },
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  }
}
