import { AppError, GROUP_LIMITS, msg, type GroupInvitationView } from '@atrium/shared';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import type { GroupsRepo } from './repo.ts';
import type { GroupInvitationsRepo, InvitationRow } from './invitationsRepo.ts';
import { groupPhotoUrl, type GroupsService } from './service.ts';

const toView = (r: InvitationRow): GroupInvitationView => ({
  invitationId: r.id,
  groupId: r.groupId,
  groupTitle: r.groupTitle,
  groupPhoto: groupPhotoUrl(r.groupId, r.groupPhoto),
  districtId: r.districtId,
  districtSubdomain: r.districtSubdomain,
  userId: r.userId,
  name: r.name,
  profilePicture: profilePictureUrl(r.userId, r.picture),
  inviterId: r.inviterId,
  inviterName: r.inviterName,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  answeredAt: r.answeredAt?.toISOString() ?? null,
});

/**
 * Group invitations (spec §2 District → Groups → Invitations): a group's owner invites people, who
 * accept (and become members) or refuse. 'Allow others to add me to groups' off means nobody may
 * invite you either. An invitation is seen by its group's owner and the invited person only; to
 * anyone else it does not exist.
 */
export class GroupInvitationsService {
  private readonly d: {
    repo: GroupInvitationsRepo;
    groups: GroupsService;
    groupsRepo: GroupsRepo;
    districtAccess: DistrictAccess;
    /** Tells the invited person (app.ts hands in the notifications module); once per new invitation. */
    notify?: (to: string, n: { actor: Actor; invitation: GroupInvitationView }) => Promise<unknown>;
  };
  constructor(deps: GroupInvitationsService['d']) {
    this.d = deps;
  }

  async invite(actor: Actor, groupId: string, userIds: string[]): Promise<GroupInvitationView[]> {
    await this.d.groups.ownGroup(actor, groupId);
    const known = await this.d.groupsRepo.existingUsers(userIds);
    const unknown = userIds.filter((u) => !known.has(u));
    if (unknown.length) throw new AppError('VALIDATION_FAILED', msg.groups.unknownUsers, { fieldErrors: { userIds: [msg.groups.unknownUsers] }, unknown });
    const refused = userIds.filter((u) => u !== actor.userId && !known.get(u)!.allowGroupInvites);
    if (refused.length)
      throw new AppError('VALIDATION_FAILED', msg.groups.refusesGroups, { fieldErrors: { userIds: [msg.groups.refusesGroups] }, refused });
    const out = await this.d.repo.invite(groupId, actor.userId, userIds, GROUP_LIMITS.pendingInvitationsMax);
    if (out === 'limit') throw new AppError('CONFLICT', msg.groups.tooManyInvitations(GROUP_LIMITS.pendingInvitationsMax));
    if ('members' in out) throw new AppError('CONFLICT', msg.groups.alreadyMember, { members: out.members });
    const all = await this.ofGroup(actor, groupId);
    // Only the invitations this call created: inviting again (a replay) tells nobody twice.
    const fresh = new Set(out.invited.filter((u) => u !== actor.userId));
    for (const invitation of all) if (invitation.status === 'pending' && fresh.has(invitation.userId)) await this.d.notify?.(invitation.userId, { actor, invitation });
    return all;
  }

  /** Every invitation of the group, answered ones included (owner only). */
  async ofGroup(actor: Actor, groupId: string): Promise<GroupInvitationView[]> {
    await this.d.groups.ownGroup(actor, groupId);
    return (await this.d.repo.ofGroup(groupId)).map(toView);
  }

  /**
   * The caller's pending invitations, each with its district's subdomain when it is a district's
   * group: a private district's no-access page offers them, since accepting is the way in.
   */
  async mine(actor: Actor): Promise<GroupInvitationView[]> {
    return (await this.d.repo.pendingFor(actor.userId)).map(toView);
  }

  /**
   * District → Groups → Invitations: for the Owner, every invitation into the district's groups; for
   * anyone else who may enter the district, their own pending ones there.
   */
  async ofDistrict(actor: Actor, districtId: string): Promise<GroupInvitationView[]> {
    const { role } = await this.d.districtAccess.assertVisit(actor, await this.d.groupsRepo.districtRow(districtId));
    const rows = role === 'Owner' ? await this.d.repo.ofDistrict(districtId) : await this.d.repo.pendingFor(actor.userId, districtId);
    return rows.map(toView);
  }

  async answer(actor: Actor, id: string, accept: boolean): Promise<GroupInvitationView> {
    const out = await this.d.repo.answer(id, actor.userId, accept, GROUP_LIMITS.membersMax);
    if (out === 'notFound') throw new AppError('NOT_FOUND', msg.groups.invitationNotFound);
    if (out === 'answered') throw new AppError('CONFLICT', msg.groups.invitationAnswered);
    if (out === 'full') throw new AppError('CONFLICT', msg.groups.tooManyMembers(GROUP_LIMITS.membersMax));
    return toView((await this.d.repo.find(id))!);
  }

  /** The group's owner withdraws a pending invitation. */
  async cancel(actor: Actor, id: string): Promise<void> {
    const inv = await this.d.repo.find(id);
    const g = inv ? await this.d.groupsRepo.find(inv.groupId) : undefined;
    if (!inv || !g || g.ownerId !== actor.userId) throw new AppError('NOT_FOUND', msg.groups.invitationNotFound);
    if (!(await this.d.repo.cancel(id, inv.groupId))) throw new AppError('CONFLICT', msg.groups.invitationAnswered);
  }
}
