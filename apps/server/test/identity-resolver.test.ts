import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@atrium/shared';
import { IdentityResolver } from '../src/modules/users/identity.ts';
import type { UserRow, UsersRepo } from '../src/modules/users/repo.ts';

// The built-in provider's subject is the user id, so a request's plan is read alongside its user row
// (IdentityResolver.fromClaims): these pin down when that early read may be used.
const ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const OTHER = '0193a1b2-c3d4-7e5f-8a9b-ffffffffffff';
const row = (over: Partial<UserRow> = {}) =>
  ({ id: ID, subject: ID, name: 'Ada', email: 'ada@example.com', role: 'free-user', deletedAt: null, tokensValidAfter: new Date(0), ...over }) as UserRow;
const claims = { sub: ID, iat: Math.floor(Date.now() / 1000) };

function resolver(found: UserRow | undefined, plans: Record<string, Role | null | Error>) {
  const order: string[] = [];
  const repo = {
    bySubject: vi.fn(async (sub: string) => {
      order.push(`user ${sub}`);
      await new Promise((r) => setTimeout(r, 5));
      return found;
    }),
    update: vi.fn(async (_id: string, patch: Partial<UserRow>) => ({ ...found!, ...patch })),
  } as unknown as UsersRepo;
  const planRole = vi.fn(async (userId: string) => {
    order.push(`plan ${userId}`);
    const p = plans[userId];
    if (p instanceof Error) throw p;
    return p ?? null;
  });
  return { r: new IdentityResolver(repo, 'local', async () => true, planRole), planRole, order };
}

describe('IdentityResolver: plan read alongside the user row', () => {
  it('starts the plan read before the user row has come back, and applies it', async () => {
    const { r, planRole, order } = resolver(row(), { [ID]: 'premium-user' });
    const actor = await r.fromClaims(claims, 'bearer');
    expect(order).toEqual([`plan ${ID}`, `user ${ID}`]);
    expect(planRole).toHaveBeenCalledTimes(1);
    expect(actor.role).toBe('premium-user');
  });

  it('reads the plan by the row’s id when the row’s id is not the subject', async () => {
    const { r, planRole } = resolver(row({ id: OTHER }), { [ID]: 'premium-user', [OTHER]: 'pro-user' });
    const actor = await r.fromClaims(claims, 'bearer');
    expect(planRole).toHaveBeenLastCalledWith(OTHER);
    expect(actor.role).toBe('pro-user');
  });

  it('refuses a deleted person without an unhandled failure from the plan read it no longer needs', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { r } = resolver(row({ deletedAt: new Date() }), { [ID]: new Error('database gone') });
      await expect(r.fromClaims(claims, 'bearer')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await new Promise((res) => setTimeout(res, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('still fails the request when the plan read it uses fails', async () => {
    const { r } = resolver(row(), { [ID]: new Error('database gone') });
    await expect(r.fromClaims(claims, 'bearer')).rejects.toThrow('database gone');
  });

  it('does not read a plan early for a subject that is not a uuid', async () => {
    const { r, order } = resolver(row({ id: ID, subject: 'not-a-uuid' }), {});
    await r.fromClaims({ ...claims, sub: 'not-a-uuid' }, 'bearer');
    expect(order).toEqual(['user not-a-uuid', `plan ${ID}`]);
  });
});
