import { and, eq } from 'drizzle-orm';
import { AppError, msg, type DistrictRole } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { districtMembers, userGroupMembers, userGroups } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/actor.ts';

/** The district columns the rule reads. */
export interface DistrictAccessRow {
  id: string;
  ownerId: string;
  public: boolean;
}

/**
 * Who may enter a district (spec §2 district no-access page, §4 District visibility, §6 roles), beside
 * the space rule so every module asks one place: a public district is open to everyone, signed in or
 * not; a private one only to its members (Owner, Creator, Guest). Membership is read on every call, so
 * turning a district private, or removing a member, takes effect at once.
 */
export class DistrictAccess {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The actor's role in the district, or null for anyone who is not a member (and anonymous
   * visitors). Someone in one of the district's groups (spec §7 group/district/{id}) without a
   * membership of their own enters as a Guest: the district's groups are its access list too.
   */
  async roleOf(actor: Actor | null, district: DistrictAccessRow): Promise<DistrictRole | null> {
    if (!actor) return null;
    if (actor.userId === district.ownerId) return 'Owner';
    const [m] = await this.db
      .select({ role: districtMembers.role })
      .from(districtMembers)
      .where(and(eq(districtMembers.districtId, district.id), eq(districtMembers.userId, actor.userId)));
    if (m) return m.role;
    const [g] = await this.db
      .select({ id: userGroups.id })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .where(and(eq(userGroupMembers.userId, actor.userId), eq(userGroups.districtId, district.id)))
      .limit(1);
    return g ? 'Guest' : null;
  }

  /** Entering the district and reading what it shows; a refused visitor gets the "Hold Up, Explorer" answer. */
  async assertVisit(actor: Actor | null, district: DistrictAccessRow | undefined): Promise<{ role: DistrictRole | null }> {
    if (!district) throw new AppError('NOT_FOUND', msg.districts.notFound);
    const role = await this.roleOf(actor, district);
    if (!district.public && !role) throw new AppError('DISTRICT_ACCESS_DENIED');
    return { role };
  }

  /**
   * Owner-only management (members, invitations, settings). Someone who may not even enter the
   * district gets the same no-access answer as for visiting it, so management routes tell a
   * private district's outsiders nothing more than its home does.
   */
  async assertOwner(actor: Actor, district: DistrictAccessRow | undefined): Promise<void> {
    const { role } = await this.assertVisit(actor, district);
    if (role !== 'Owner') throw new AppError('FORBIDDEN', msg.districts.ownerOnly);
  }
}
