import { AppError, highestRole, type Role } from '@atrium/shared';
import type { JWTPayload } from 'jose';
import type { Actor } from '../../plugins/actor.ts';
import type { IdentityRow, UsersRepo } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Turns verified credentials into an Actor. The first token of a subject creates its user row
 * (spec §7: "my user" exists after the first sign-in); deleted users and tokens issued before a
 * revocation are refused.
 */
export class IdentityResolver {
  private readonly repo: UsersRepo;
  private readonly loginProvider: string;
  private readonly localAccount: ((sub: string) => Promise<boolean>) | undefined;
  private readonly planRole: ((userId: string) => Promise<Role | null>) | undefined;
  /**
   * `localAccount` is given for the built-in provider: its `sub` is the user id (spec §3), the row is
   * created with that id, and only for a live local account, so a subject that is not one of ours any
   * more (a deleted account, an account id from before migration 0012) never becomes a new user.
   */
  /**
   * `planRole` is the role a person's plan gives (null without a plan): a plan bought, canceled or
   * lapsed applies to the next request, before the web renews its token.
   */
  constructor(
    repo: UsersRepo,
    loginProvider: string,
    localAccount?: (sub: string) => Promise<boolean>,
    planRole?: (userId: string) => Promise<Role | null>,
  ) {
    this.repo = repo;
    this.loginProvider = loginProvider;
    this.localAccount = localAccount;
    this.planRole = planRole;
  }

  async fromClaims(claims: JWTPayload, via: 'bearer' | 'cookie'): Promise<Actor> {
    if (!claims.sub) throw new AppError('UNAUTHENTICATED');
    const role = highestRole(claims.roles);
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 254) : null);
    // The built-in provider's subject is the user id, so the plan is read alongside the user row
    // (one round trip for both, not one after the other); it is used only if the row says the same id.
    // Only a uuid is looked up this way: the plans of requests arriving together share one query.
    const planById = this.localAccount && UUID.test(claims.sub) ? this.planRole?.(claims.sub) : undefined;
    planById?.catch(() => undefined); // a refusal below may leave it unread; its own failure is seen where it is awaited
    let row = await this.repo.bySubject(claims.sub);
    if (!row) {
      if (this.localAccount && !(await this.localAccount(claims.sub))) throw new AppError('UNAUTHENTICATED');
      row = await this.repo.ensure({
        ...(this.localAccount ? { id: claims.sub } : {}),
        subject: claims.sub,
        loginProvider: this.loginProvider,
        email: str(claims.email),
        name: str(claims.name),
        role,
      });
    }
    if (row.deletedAt) throw new AppError('UNAUTHENTICATED');
    // Seconds resolution: a token from the very second of a revocation is refused too (the safe side).
    if (typeof claims.iat === 'number' && claims.iat <= Math.floor(row.tokensValidAfter.getTime() / 1000))
      throw new AppError('UNAUTHENTICATED');
    // The plan is the truth for the role when there is one; otherwise the token (spec §6). The row
    // mirrors it for other people's views.
    const effective = (await (planById && row.id === claims.sub ? planById : this.planRole?.(row.id))) ?? role;
    if (row.role !== effective) row = await this.repo.update(row.id, { role: effective });
    return this.actor(row, via, claims.iat);
  }

  async fromUserId(userId: string): Promise<Actor> {
    const row = await this.repo.byId(userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return this.actor(row, 'api-key');
  }

  private actor(row: IdentityRow, via: Actor['via'], issuedAt?: number): Actor {
    return {
      userId: row.id,
      subject: row.subject,
      name: row.name,
      email: row.email,
      role: highestRole([row.role]),
      via,
      ...(issuedAt === undefined ? {} : { issuedAt }),
    };
  }
}
