import crypto from 'node:crypto';
import { AppError, GROUP_LIMITS, msg, type GroupMember, type GroupView } from '@atrium/shared';
import { fileVersion, profilePictureUrl } from '../users/pictureUrls.ts';
import { processImage } from '../users/images.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Storage } from '../../storage/storage.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import type { GroupRow, GroupsRepo } from './repo.ts';

/** A group's image URL: the stored key's file name is the version, so a new image gets a new URL. */
export const groupPhotoUrl = (groupId: string, key: string | null) => {
  const v = fileVersion(key);
  return v ? `/api/group/${groupId}/image?v=${v}` : null;
};

export const toGroupView = (g: GroupRow): GroupView => ({
  groupId: g.id,
  ownerId: g.ownerId,
  title: g.title,
  description: g.description,
  memberCount: Number(g.memberCount),
  photo: groupPhotoUrl(g.id, g.photo),
  districtId: g.districtId,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

/**
 * User groups (spec §3 group: members, title, description, image; §7 group paths): the owner
 * creates, renames, deletes, illustrates and fills them; members see the groups they are in. A
 * district's groups are its Owner's. A group someone may not see is simply not found.
 */
export class GroupsService {
  private readonly repo: GroupsRepo;
  private readonly storage: Storage;
  private readonly districtAccess: DistrictAccess;
  constructor(deps: { repo: GroupsRepo; storage: Storage; districtAccess: DistrictAccess }) {
    this.repo = deps.repo;
    this.storage = deps.storage;
    this.districtAccess = deps.districtAccess;
  }

  async ownGroup(actor: Actor, id: string): Promise<GroupRow> {
    const g = await this.repo.find(id);
    if (!g || g.ownerId !== actor.userId) throw new AppError('NOT_FOUND', msg.groups.notFound);
    return g;
  }

  async my(actor: Actor): Promise<GroupView[]> {
    return (await this.repo.owned(actor.userId)).map(toGroupView);
  }

  async me(actor: Actor): Promise<GroupView[]> {
    return (await this.repo.memberOf(actor.userId)).map(toGroupView);
  }

  /** The groups a person owns, for their profile: others see them only while that person shows groups (Settings). */
  async ofUser(actor: Actor, userId: string): Promise<GroupView[]> {
    if (actor.userId !== userId) {
      const shows = await this.repo.showsGroups(userId);
      if (shows === undefined) throw new AppError('NOT_FOUND');
      if (!shows) throw new AppError('FORBIDDEN', msg.groups.hidden);
    }
    return (await this.repo.owned(userId)).map(toGroupView);
  }

  /** In the order asked for; groups the caller neither owns nor belongs to are left out. */
  async many(actor: Actor, ids: string[]): Promise<GroupView[]> {
    const rows = await this.repo.byIds(ids);
    const mine = new Set((await this.repo.memberOf(actor.userId)).map((g) => g.id));
    const visible = rows.filter((g) => g.ownerId === actor.userId || mine.has(g.id));
    return ids.map((id) => visible.find((g) => g.id === id)).filter((g): g is GroupRow => g !== undefined).map(toGroupView);
  }

  async create(actor: Actor, input: { title: string; description: string }): Promise<GroupView> {
    const g = await this.repo.create(actor.userId, input.title, input.description, GROUP_LIMITS.groupsPerOwner);
    if (g === 'limit') throw new AppError('CONFLICT', msg.groups.tooMany(GROUP_LIMITS.groupsPerOwner));
    if (g === 'taken') throw this.titleTaken();
    return toGroupView(g);
  }

  async update(actor: Actor, id: string, patch: { title?: string | undefined; description?: string | undefined }): Promise<GroupView> {
    await this.ownGroup(actor, id);
    const g = await this.repo.update(id, actor.userId, patch);
    if (g === 'taken') throw this.titleTaken();
    return toGroupView(g);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const g = await this.ownGroup(actor, id);
    await this.repo.delete(id);
    if (g.photo) await this.storage.delete(g.photo);
  }

  /** The owner and the members may list who is in a group. */
  async members(actor: Actor, id: string): Promise<GroupMember[]> {
    const g = await this.repo.find(id);
    const rows = g ? await this.repo.members(id) : [];
    if (!g || (g.ownerId !== actor.userId && !rows.some((m) => m.userId === actor.userId)))
      throw new AppError('NOT_FOUND', msg.groups.notFound);
    return rows.map((m) => ({ userId: m.userId, name: m.name, profilePicture: profilePictureUrl(m.userId, m.picture), addedAt: m.addedAt.toISOString() }));
  }

  async addMembers(actor: Actor, id: string, userIds: string[]): Promise<GroupMember[]> {
    await this.ownGroup(actor, id);
    const known = await this.repo.existingUsers(userIds);
    const unknown = userIds.filter((u) => !known.has(u));
    if (unknown.length) throw new AppError('VALIDATION_FAILED', msg.groups.unknownUsers, { fieldErrors: { userIds: [msg.groups.unknownUsers] }, unknown });
    // Settings: 'Allow others to add me to groups' off means nobody else can put you in one.
    const refused = userIds.filter((u) => u !== actor.userId && !known.get(u)!.allowGroupInvites);
    if (refused.length)
      throw new AppError('VALIDATION_FAILED', msg.groups.refusesGroups, { fieldErrors: { userIds: [msg.groups.refusesGroups] }, refused });
    if ((await this.repo.addMembers(id, userIds, GROUP_LIMITS.membersMax)) === 'limit')
      throw new AppError('CONFLICT', msg.groups.tooManyMembers(GROUP_LIMITS.membersMax));
    return this.members(actor, id);
  }

  /** The owner removes anyone; a member may leave on their own. */
  async removeMember(actor: Actor, id: string, userId: string): Promise<void> {
    const g = await this.repo.find(id);
    const allowed = g && (g.ownerId === actor.userId || userId === actor.userId);
    if (!allowed || !(await this.repo.removeMember(id, userId))) throw new AppError('NOT_FOUND', msg.groups.notFound);
  }

  /**
   * Throws unless every id names a group the actor may put in a space's access lists: their own,
   * or a group of a district where they are the Owner or a Creator.
   */
  async assertUsable(actor: Actor, ids: { field: string; ids: string[] }[]): Promise<void> {
    const all = [...new Set(ids.flatMap((x) => x.ids))];
    const usable = await this.repo.usableAmong(actor.userId, all);
    const fieldErrors: Record<string, string[]> = {};
    for (const x of ids) if (x.ids.some((id) => !usable.has(id))) fieldErrors[x.field] = [msg.groups.notYours];
    if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION_FAILED', msg.groups.notYours, { fieldErrors });
  }

  /** The group's image (owner only): checked and re-encoded by the profile pictures' pipeline; null removes it. */
  async setImage(actor: Actor, id: string, input: Buffer | null): Promise<GroupView> {
    await this.ownGroup(actor, id);
    let key: string | null = null;
    if (input) {
      const jpeg = await processImage('profilePicture', input);
      key = `groups/${id}/image-${crypto.randomBytes(8).toString('hex')}.jpg`;
      await this.storage.put(key, jpeg, 'image/jpeg');
    }
    const old = await this.repo.setPhoto(id, key);
    if (old) await this.storage.delete(old);
    return toGroupView((await this.repo.find(id))!);
  }

  /**
   * The image file, for whoever may see the group: its owner and members; for a district's group,
   * whoever may enter the district; for a person's own group, anyone while that person shows groups.
   */
  async image(actor: Actor | null, id: string) {
    const g = await this.repo.find(id);
    if (!g) throw new AppError('NOT_FOUND', msg.groups.notFound);
    const insider = actor !== null && (g.ownerId === actor.userId || (await this.repo.isMember(id, actor.userId)));
    if (!insider) {
      if (g.districtId) await this.districtAccess.assertVisit(actor, await this.repo.districtRow(g.districtId));
      else if (!(await this.repo.showsGroups(g.ownerId))) throw new AppError('NOT_FOUND', msg.groups.notFound);
    }
    const file = g.photo ? await this.storage.get(g.photo) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  private titleTaken() {
    return new AppError('CONFLICT', msg.groups.titleTaken, { fieldErrors: { title: [msg.groups.titleTaken] } });
  }
}
