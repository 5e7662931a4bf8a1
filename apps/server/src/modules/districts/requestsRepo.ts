import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { DistrictRequestKind, DistrictRequestStatus } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtSpaceRequests as requests, districts, scenes, slots, users } from '../../db/schema/index.ts';
import { sceneListColumns, selectCards, toCard } from '../sceneAccess/cards.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestWithRequester = RequestRow & { requesterName: string | null; requesterPicture: string | null };

const accepted = (districtId: string, kind: DistrictRequestKind) =>
  and(eq(requests.districtId, districtId), eq(requests.kind, kind), eq(requests.status, 'accepted'));

/**
 * Spaces a district shows: those in its slots and those it hosts. Written as one id list so the
 * district page walks the district's own slot and request rows, never every space.
 */
export const shownIn = (districtId: string): SQL =>
  sql`${scenes.id} in (select ${slots.sceneId} from ${slots} where ${slots.districtId} = ${districtId} and ${slots.sceneId} is not null
    union all select ${requests.sceneId} from ${requests} where ${accepted(districtId, 'hosting')})`;

/** Hosting and promotion requests and Promotion Settings; no rules here (requests.ts). */
export class DistrictRequestsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Opens a request, or re-opens one in a state listed in `reopen` (a refused one; for the Owner's own
   * request a pending one too), all in one statement so a replay or a race finds the row the first
   * made. `created` is false when the row stood in another state; it is then answered as it is.
   */
  async open(v: { districtId: string; sceneId: string; kind: DistrictRequestKind; requesterId: string; status: DistrictRequestStatus; now: Date; reopen: DistrictRequestStatus[] }) {
    const decided = v.status === 'pending' ? { decidedAt: null, decidedBy: null } : { decidedAt: v.now, decidedBy: v.requesterId };
    const rows = await this.db
      .insert(requests)
      .values({ id: newId(), districtId: v.districtId, sceneId: v.sceneId, kind: v.kind, status: v.status, requesterId: v.requesterId, createdAt: v.now, ...decided })
      .onConflictDoUpdate({
        target: [requests.districtId, requests.sceneId, requests.kind],
        set: { status: v.status, requesterId: v.requesterId, createdAt: v.now, ...decided },
        setWhere: inArray(requests.status, v.reopen),
      })
      .returning();
    if (rows[0]) return { row: rows[0], created: true };
    return { row: (await this.byScene(v.districtId, v.kind, v.sceneId))!, created: false };
  }

  async byScene(districtId: string, kind: DistrictRequestKind, sceneId: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(requests)
      .where(and(eq(requests.districtId, districtId), eq(requests.kind, kind), eq(requests.sceneId, sceneId)));
    return row;
  }

  async byId(districtId: string, kind: DistrictRequestKind, id: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.districtId, districtId), eq(requests.kind, kind)));
    return row;
  }

  /** Answers a pending request; undefined when it was not pending (answered meanwhile, or withdrawn). */
  async decide(districtId: string, kind: DistrictRequestKind, id: string, status: 'accepted' | 'refused', by: string, now: Date) {
    const [row] = await this.db
      .update(requests)
      .set({ status, decidedBy: by, decidedAt: now })
      .where(and(eq(requests.id, id), eq(requests.districtId, districtId), eq(requests.kind, kind), eq(requests.status, 'pending')))
      .returning();
    return row;
  }

  private withRequester() {
    return this.db
      .select({ r: requests, requesterName: users.name, requesterPicture: users.profilePicture })
      .from(requests)
      .innerJoin(users, eq(users.id, requests.requesterId))
      .$dynamic();
  }

  async withRequesterById(id: string): Promise<RequestWithRequester | undefined> {
    const [x] = await this.withRequester().where(eq(requests.id, id));
    return x && { ...x.r, requesterName: x.requesterName, requesterPicture: x.requesterPicture };
  }

  /** The district's requests in one state, newest first (Owner's lists). */
  async list(districtId: string, kind: DistrictRequestKind, status: DistrictRequestStatus, cp: number, ipp: number): Promise<RequestWithRequester[]> {
    const rows = await this.withRequester()
      .where(and(eq(requests.districtId, districtId), eq(requests.kind, kind), eq(requests.status, status)))
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(ipp)
      .offset(cp * ipp);
    return rows.map((x) => ({ ...x.r, requesterName: x.requesterName, requesterPicture: x.requesterPicture }));
  }

  /** Requests about the spaces `ownerId` owns, in every state (the requester's own view). */
  async mine(districtId: string, kind: DistrictRequestKind, ownerId: string): Promise<RequestWithRequester[]> {
    const rows = await this.withRequester()
      .innerJoin(scenes, eq(scenes.id, requests.sceneId))
      .where(and(eq(requests.districtId, districtId), eq(requests.kind, kind), eq(scenes.ownerId, ownerId)))
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(200);
    return rows.map((x) => ({ ...x.r, requesterName: x.requesterName, requesterPicture: x.requesterPicture }));
  }

  async remove(districtId: string, kinds: DistrictRequestKind[], sceneId: string): Promise<number> {
    const gone = await this.db
      .delete(requests)
      .where(and(eq(requests.districtId, districtId), inArray(requests.kind, kinds), eq(requests.sceneId, sceneId)))
      .returning({ id: requests.id });
    return gone.length;
  }

  /** What the rules read of a space (its access columns and title), without its documents. */
  async space(sceneId: string) {
    const [row] = await this.db.select(sceneListColumns).from(scenes).where(eq(scenes.id, sceneId));
    return row;
  }

  /** Whether the district shows the space (in one of its slots, or hosted). */
  async shows(districtId: string, sceneId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: scenes.id })
      .from(scenes)
      .where(and(eq(scenes.id, sceneId), shownIn(districtId)));
    return rows.length > 0;
  }

  /** Cards of these spaces that `visible` admits. */
  async cards(ids: string[], visible: SQL) {
    if (!ids.length) return [];
    return (await selectCards(this.db).where(and(inArray(scenes.id, ids), visible))).map(toCard);
  }

  /** Promoted: the accepted promotions of spaces the district still shows and `visible` admits, latest first. */
  async promoted(districtId: string, visible: SQL, cp: number, ipp: number) {
    const rows = await selectCards(this.db)
      .innerJoin(requests, and(eq(requests.sceneId, scenes.id), accepted(districtId, 'promotion')))
      .where(and(shownIn(districtId), visible))
      .orderBy(desc(requests.decidedAt), desc(requests.id))
      .limit(ipp)
      .offset(cp * ipp);
    return rows.map(toCard);
  }

  async setSettings(districtId: string, v: { promotionRequestsOpen?: boolean | undefined; promotedOnHome?: number | undefined }) {
    const set = {
      ...(v.promotionRequestsOpen === undefined ? {} : { promotionRequestsOpen: v.promotionRequestsOpen }),
      ...(v.promotedOnHome === undefined ? {} : { promotedOnHome: v.promotedOnHome }),
    };
    if (!Object.keys(set).length) return;
    await this.db.update(districts).set(set).where(eq(districts.id, districtId));
  }
}
