import crypto from 'node:crypto';
import {
  AppError,
  checkSubdomain,
  createDistrictFields,
  DISTRICT_LIMITS,
  districtUrl,
  msg,
  PLAN_ROLES,
  type AssignableDistrictRole,
  type DistrictInvitation,
  type DistrictMember,
  type DistrictRole,
  type DistrictStyles,
  type DistrictView,
} from '@atrium/shared';
import { getTemplate } from '@atrium/assets';
import type { Actor } from '../../plugins/actor.ts';
import type { DistrictAccess } from '../sceneAccess/districtAccess.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sha256Hex } from '../../sha256.ts';
import type { DistrictRow, DistrictsRepo, InvitationRow } from './repo.ts';
import { districtImageUrl } from './images.ts';

const DAY_MS = 86_400_000;

export interface DistrictsDeps {
  repo: DistrictsRepo;
  access: DistrictAccess;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}

const invitationView = (i: InvitationRow): DistrictInvitation => ({
  invitationId: i.id,
  districtId: i.districtId,
  email: i.email,
  role: i.role,
  expiresAt: i.expiresAt.toISOString(),
  acceptedAt: i.acceptedAt?.toISOString() ?? null,
  acceptedBy: i.acceptedBy,
  createdAt: i.createdAt.toISOString(),
});

/**
 * Districts (spec §2, §3, §4 District visibility, §6 roles, §7 district paths). Access comes first on
 * every call, through DistrictAccess (modules/sceneAccess): private districts answer
 * DISTRICT_ACCESS_DENIED ("Hold Up, Explorer") to anyone who is not a member; management is the
 * Owner's alone.
 */
export class DistrictsService {
  private readonly d: Required<Omit<DistrictsDeps, 'log'>> & Pick<DistrictsDeps, 'log'>;
  constructor(deps: DistrictsDeps) {
    this.d = { now: () => new Date(), ...deps };
  }

  private view(row: DistrictRow, role: DistrictRole | null): DistrictView {
    return {
      districtId: row.id,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      subdomain: row.subdomain,
      url: districtUrl(this.d.publicUrl, row.subdomain),
      public: row.public,
      hidden: row.hidden,
      listed: row.listed,
      styles: row.styles,
      owner: { userId: row.ownerId, name: row.ownerName },
      userId: row.ownerId,
      active: true,
      memberCount: Number(row.memberCount),
      photo: districtImageUrl(row.id, 'photo', row.photo),
      coverPhoto: districtImageUrl(row.id, 'coverPhoto', row.coverPhoto),
      followers: row.followerCount,
      districtUserRole: role,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** §7 available/{subdomain}: 200 when free; 400 with the §5 message when invalid or reserved, 409 when taken. */
  async available(raw: string): Promise<{ subdomain: string; available: true }> {
    const c = checkSubdomain(raw);
    if (!c.ok) throw new AppError('VALIDATION_FAILED', c.message, { fieldErrors: { subdomain: [c.message] } });
    if (await this.d.repo.subdomainTaken(c.subdomain)) throw this.taken();
    return { subdomain: c.subdomain, available: true };
  }

  /** §7 POST districts: Pro only (the plan decides the role, modules/subscriptions); the owner becomes its Owner. */
  async create(actor: Actor, rawFields: unknown): Promise<DistrictView> {
    if (actor.role !== PLAN_ROLES.PRO) throw new AppError('PLAN_REQUIRED', msg.districts.proRequired);
    const parsed = createDistrictFields.safeParse(rawFields);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      // One message per field, the first rule it broke (an empty title is 'Required', not also too short).
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '')] ??= [issue.message];
      throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message, { fieldErrors });
    }
    const fields = parsed.data;
    if (!getTemplate(fields.freeSpaceTemplateId))
      throw new AppError('VALIDATION_FAILED', msg.districts.unknownTemplate, { fieldErrors: { freeSpaceTemplateId: [msg.districts.unknownTemplate] } });
    const row = await this.d.repo.create(actor.userId, fields, DISTRICT_LIMITS.perOwner);
    if (row === 'taken') throw this.taken();
    if (row === 'limit') throw new AppError('CONFLICT', msg.districts.tooMany(DISTRICT_LIMITS.perOwner));
    return this.view(row, 'Owner');
  }

  async get(actor: Actor | null, id: string): Promise<DistrictView> {
    const row = await this.d.repo.find(id);
    const { role } = await this.d.access.assertVisit(actor, row);
    return this.view(row!, role);
  }

  /** These districts in this order, leaving out those the caller may not enter (district follows' lists). */
  async viewsOf(actor: Actor | null, ids: string[]): Promise<DistrictView[]> {
    const rows = new Map((await this.d.repo.many(ids)).map((r) => [r.id, r]));
    const out: DistrictView[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const role = await this.d.access.roleOf(actor, row);
      if (row.public || role) out.push(this.view(row, role));
    }
    return out;
  }

  /** The district a host or subdomain names (§7 info; the subdomain home). */
  async bySubdomain(actor: Actor | null, subdomain: string): Promise<DistrictView> {
    const row = await this.d.repo.bySubdomain(subdomain);
    if (!row) throw new AppError('NOT_FOUND', msg.districts.noSuchDistrict(subdomain));
    const { role } = await this.d.access.assertVisit(actor, row);
    return this.view(row, role);
  }

  /** Whether a host's district exists, for serving pages (no access check: the page asks the API). */
  async exists(subdomain: string): Promise<{ title: string; description: string } | null> {
    const row = await this.d.repo.bySubdomain(subdomain);
    return row ? { title: row.title, description: row.public ? row.description : '' } : null;
  }

  /** Where an invitation's district lives now, for a mailed link whose host names a subdomain it left. */
  invitationSubdomain(invitationId: string): Promise<string | null> {
    return this.d.repo.invitationSubdomain(invitationId);
  }

  /** §7 districtAccess/{id}: by id or subdomain; 403 DISTRICT_ACCESS_DENIED for a private district's outsiders. */
  async accessOf(actor: Actor | null, ref: string) {
    const row = /^[0-9a-f-]{36}$/i.test(ref) ? await this.d.repo.find(ref) : await this.d.repo.bySubdomain(ref);
    const { role } = await this.d.access.assertVisit(actor, row);
    return { districtId: row!.id, subdomain: row!.subdomain, districtUserRole: role };
  }

  async update(
    actor: Actor,
    id: string,
    patch: {
      title?: string | undefined;
      subdomain?: string | undefined;
      subtitle?: string | undefined;
      description?: string | undefined;
      public?: boolean | undefined;
      hidden?: boolean | undefined;
      listed?: boolean | undefined;
      styles?: DistrictStyles | undefined;
    },
  ): Promise<DistrictView> {
    await this.d.access.assertOwner(actor, await this.d.repo.find(id));
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    // A new subdomain is claimed by the same unique index as at creation: taken (in any letter case,
    // also by a racing rename or creation) is the §5 409; the old name is free again at once.
    const row = await this.d.repo.update(id, clean);
    if (row === 'taken') throw this.taken();
    return this.view(row, 'Owner');
  }

  async my(actor: Actor): Promise<DistrictView[]> {
    return (await this.d.repo.owned(actor.userId)).map((r) => this.view(r, 'Owner'));
  }

  async me(actor: Actor): Promise<DistrictView[]> {
    const rows = await this.d.repo.memberOf(actor.userId);
    return Promise.all(rows.map(async (r) => this.view(r, (await this.d.repo.memberRole(r.id, actor.userId)) ?? null)));
  }

  /**
   * Explore Districts: only public, listed, unhidden districts, so private ones never show up. A
   * signed-in caller's cards say whether they follow each one (not their own: an Owner never follows).
   */
  async search(actor: Actor | null, q: { title?: string | undefined; sort: 'newest' | 'title' | 'members'; cp: number; ipp: number }) {
    const { items, total } = await this.d.repo.search(q);
    const others = actor ? items.filter((r) => r.ownerId !== actor.userId).map((r) => r.id) : [];
    const followed = actor && others.length ? await this.d.repo.followedAmong(actor.userId, others) : new Set<string>();
    return {
      items: items.map((r) => {
        const own = actor !== null && r.ownerId === actor.userId;
        const v = this.view(r, own ? 'Owner' : null);
        return actor && !own ? { ...v, following: followed.has(r.id) } : v;
      }),
      total,
    };
  }

  async members(actor: Actor, id: string): Promise<DistrictMember[]> {
    await this.d.access.assertOwner(actor, await this.d.repo.find(id));
    return (await this.d.repo.members(id)).map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }));
  }

  async updateMember(actor: Actor, id: string, userId: string, patch: { role?: AssignableDistrictRole | undefined; allocatedSlots?: number | undefined }) {
    const row = await this.d.repo.find(id);
    await this.d.access.assertOwner(actor, row);
    if (userId === row!.ownerId) throw new AppError('BAD_REQUEST', msg.districts.ownerRoleFixed);
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as { role?: AssignableDistrictRole; allocatedSlots?: number };
    if (!(await this.d.repo.updateMember(id, userId, clean))) throw new AppError('NOT_FOUND', msg.districts.notMember);
    return this.members(actor, id);
  }

  async removeMember(actor: Actor, id: string, userId: string): Promise<void> {
    const row = await this.d.repo.find(id);
    await this.d.access.assertOwner(actor, row);
    if (userId === row!.ownerId) throw new AppError('BAD_REQUEST', msg.districts.ownerRoleFixed);
    if (!(await this.d.repo.removeMember(id, userId))) throw new AppError('NOT_FOUND', msg.districts.notMember);
  }

  /**
   * §2 invites by email, users or not: the mail carries a one-time code valid for
   * DISTRICT_LIMITS.invitationTtlDays, and a link to the district's own accept page; someone without
   * an account signs up from there and lands in the district.
   */
  async invite(actor: Actor, id: string, body: { email: string; role: AssignableDistrictRole }): Promise<DistrictInvitation> {
    const row = await this.d.repo.find(id);
    await this.d.access.assertOwner(actor, row);
    const code = crypto.randomBytes(24).toString('base64url');
    const inv = await this.d.repo.createInvitation({
      districtId: id,
      inviterId: actor.userId,
      email: body.email.toLowerCase(),
      role: body.role,
      codeHash: sha256Hex(code),
      expiresAt: new Date(this.d.now().getTime() + DISTRICT_LIMITS.invitationTtlDays * DAY_MS),
    });
    const url = new URL(districtUrl(this.d.publicUrl, row!.subdomain, `/invitation/${inv.id}`));
    url.searchParams.set('invitation_code', code);
    await this.d.mailer.send({
      to: inv.email,
      subject: msg.districts.invitationSubject(row!.title),
      text: msg.districts.invitationText(actor.name ?? 'Someone', row!.title, url.toString()),
    });
    return invitationView(inv);
  }

  async invitations(actor: Actor, id: string): Promise<DistrictInvitation[]> {
    await this.d.access.assertOwner(actor, await this.d.repo.find(id));
    return (await this.d.repo.invitations(id)).map(invitationView);
  }

  /**
   * §7 invitation/{id}/accept?invitation_code=: a wrong code is the same 404 as a missing invitation
   * (codes cannot be probed); used 409, expired 410, another person's address 403.
   */
  async accept(actor: Actor, invitationId: string, code: string): Promise<DistrictView> {
    const inv = await this.d.repo.invitation(invitationId);
    const expected = inv ? Buffer.from(inv.codeHash, 'hex') : Buffer.alloc(32);
    const given = Buffer.from(sha256Hex(code), 'hex');
    if (!inv || !crypto.timingSafeEqual(expected, given)) throw new AppError('NOT_FOUND', msg.districts.invitationNotFound);
    if (inv.acceptedAt) throw new AppError('INVITATION_USED');
    const now = this.d.now();
    if (inv.expiresAt.getTime() <= now.getTime()) throw new AppError('INVITATION_EXPIRED');
    const email = (await this.d.repo.userEmail(actor.userId)) ?? actor.email;
    if (!email || email.toLowerCase() !== inv.email) throw new AppError('INVITATION_WRONG_ACCOUNT');
    if (!(await this.d.repo.accept(inv, actor.userId, now))) throw new AppError('INVITATION_USED');
    return this.get(actor, inv.districtId);
  }

  private taken() {
    return new AppError('SUBDOMAIN_TAKEN', msg.districts.subdomainTaken, { fieldErrors: { subdomain: [msg.districts.subdomainTaken] } });
  }
}
