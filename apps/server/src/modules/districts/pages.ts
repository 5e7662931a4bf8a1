import crypto from 'node:crypto';
import {
  AppError,
  districtLibraryKind,
  msg,
  type DistrictImageKind,
  type DistrictLibraryItem,
  type DistrictLibraryPage,
  type SceneCard,
} from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { Storage } from '../../storage/storage.ts';
import { readableBy } from '../sceneAccess/access.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import { processImage } from '../users/images.ts';
import { toGroupView } from '../groups/service.ts';
import type { DistrictsRepo } from './repo.ts';
import type { DistrictPagesRepo } from './pagesRepo.ts';

type Page = { cp: number; ipp: number };

/**
 * The district home's categories (spec §2 District page: Spaces Published / Drafts, Library, Groups)
 * and its logo and cover. Every read first passes the district's visit rule (a private district's
 * outsiders get "Hold Up, Explorer"); then each visitor sees the spaces the district shows (in its
 * slots or hosted) that the one space rule (`readableBy`) lets them read, members and Owner included.
 */
export class DistrictPagesService {
  private readonly d: { districts: DistrictsRepo; pages: DistrictPagesRepo; access: DistrictAccess; storage: Storage };
  constructor(deps: DistrictPagesService['d']) {
    this.d = deps;
  }

  private async visit(actor: Actor | null, id: string) {
    const row = await this.d.districts.find(id);
    const { role } = await this.d.access.assertVisit(actor, row);
    return { row: row!, role, visible: readableBy(actor?.userId ?? null) };
  }

  /** Published: anyone who may enter. Drafts: the Owner's and Creators' own, since only they publish here. */
  async spaces(actor: Actor | null, id: string, state: 'published' | 'drafts', p: Page): Promise<SceneCard[]> {
    const { role, visible } = await this.visit(actor, id);
    if (state === 'published') return this.d.pages.published(id, visible, p.cp, p.ipp);
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (role !== 'Owner' && role !== 'Creator') throw new AppError('FORBIDDEN', msg.districts.creatorsOnly);
    return this.d.pages.drafts(actor.userId, p.cp, p.ipp);
  }

  async library(actor: Actor | null, id: string, page: DistrictLibraryPage, p: Page): Promise<DistrictLibraryItem[]> {
    const { visible } = await this.visit(actor, id);
    const rows = await this.d.pages.library(id, visible, districtLibraryKind(page), p.cp, p.ipp);
    return rows.map((r) => ({ ...r, thumbnailUrl: `/api/thumbnail/${r.assetId}`, createdAt: r.createdAt.toISOString() }));
  }

  async groups(actor: Actor | null, id: string, p: Page) {
    await this.visit(actor, id);
    const rows = await this.d.pages.groups(id, p.cp, p.ipp);
    return rows.map((g) => this.groupView(id, g));
  }

  async createGroup(actor: Actor, id: string, body: { title: string; description: string }) {
    const row = await this.d.districts.find(id);
    await this.d.access.assertOwner(actor, row);
    const g = await this.d.pages.createGroup(id, row!.ownerId, body);
    if (g === 'taken') throw new AppError('CONFLICT', msg.groups.titleTaken);
    return this.groupView(id, { ...g, memberCount: 0 });
  }

  /** The groups module's view of the group, with the district it belongs to. */
  private groupView(districtId: string, g: Omit<Parameters<typeof toGroupView>[0], 'districtId'>) {
    return { ...toGroupView({ ...g, districtId }), districtId };
  }

  /** Logo or cover (Owner only): checked and re-encoded by the profile pictures' pipeline, then stored. */
  async setImage(actor: Actor, id: string, kind: DistrictImageKind, input: Buffer | null): Promise<void> {
    await this.d.access.assertOwner(actor, await this.d.districts.find(id));
    let key: string | null = null;
    if (input) {
      const jpeg = await processImage(kind === 'photo' ? 'profilePicture' : 'coverPhoto', input);
      key = `districts/${id}/${kind === 'photo' ? 'logo' : 'cover'}-${crypto.randomBytes(8).toString('hex')}.jpg`;
      await this.d.storage.put(key, jpeg, 'image/jpeg');
    }
    const old = await this.d.pages.setImage(id, kind, key);
    if (old) await this.d.storage.delete(old);
  }

  /** The image file, for whoever may enter the district. */
  async image(actor: Actor | null, id: string, kind: DistrictImageKind) {
    await this.visit(actor, id);
    const key = await this.d.pages.image(id, kind);
    const file = key ? await this.d.storage.get(key) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }
}
