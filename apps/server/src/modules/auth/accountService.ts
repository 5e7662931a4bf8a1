import crypto from 'node:crypto';
import { AppError, isRole, password as passwordSchema, type Role } from '@atrium/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountsRepo, Account } from './accountsRepo.ts';
import type { AttemptLimiter } from './attempts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const normaliseEmail = (e: string) => e.trim().toLowerCase();

export interface AccountServiceDeps {
  repo: AccountsRepo;
  limiter: AttemptLimiter;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Local accounts of the built-in provider: sign-up, sign-in checks, password change and reset. */
export class AccountService {
  private readonly d: AccountServiceDeps;
  constructor(deps: AccountServiceDeps) {
    this.d = deps;
  }

  get repo() {
    return this.d.repo;
  }

  async signUp(input: { email: string; password: string; name: string; role?: Role }): Promise<Account> {
    const email = normaliseEmail(input.email);
    const pw = passwordSchema.safeParse(input.password);
    if (!pw.success)
      throw new AppError('VALIDATION_FAILED', pw.error.issues[0]!.message, {
        fieldErrors: { password: [pw.error.issues[0]!.message] },
      });
    if (input.role && !isRole(input.role))
      throw new AppError('VALIDATION_FAILED', `Unknown role ${input.role}`);
    const saved = await this.d.repo.insert({
      email,
      name: input.name.trim() || email.split('@')[0]!,
      passwordHash: await hashPassword(input.password),
      ...(input.role ? { role: input.role } : {}),
    });
    if (!saved) throw new AppError('EMAIL_TAKEN');
    return saved;
  }

  /**
   * The same answer for an unknown email and a wrong password (no account enumeration); throttled per
   * account and per IP, counting failures only.
   */
  async authenticate(emailInput: string, password: string, ip: string): Promise<Account> {
    const email = normaliseEmail(emailInput);
    const keys = [`acct:${email}`, `ip:${ip}`];
    if (!this.d.limiter.allowed(keys)) throw new AppError('RATE_LIMITED');
    const account = await this.d.repo.byEmail(email);
    const ok = await verifyPassword(account?.passwordHash ?? null, password);
    if (!account || !ok) {
      this.d.limiter.fail(keys);
      throw new AppError('INVALID_CREDENTIALS');
    }
    this.d.limiter.succeed(keys[0]!);
    return account;
  }

  /** Checks the current password (for deletion and change), without touching the sign-in counters. */
  async checkPassword(accountId: string, password: string): Promise<Account> {
    const account = await this.d.repo.byId(accountId);
    if (!account) throw new AppError('FORBIDDEN');
    if (!(await verifyPassword(account.passwordHash, password))) throw new AppError('INCORRECT_PASSWORD');
    return account;
  }

  async changePassword(accountId: string, current: string, next: string) {
    await this.checkPassword(accountId, current);
    await this.d.repo.setPassword(accountId, await hashPassword(next));
    // Other sessions and issued tokens end; the web app signs in again with the new password.
    await this.d.repo.revokeProviderState(accountId);
  }

  /** Always resolves the same way, whether or not the email has an account. */
  async requestReset(emailInput: string) {
    const account = await this.d.repo.byEmail(normaliseEmail(emailInput));
    if (!account) return;
    const token = crypto.randomBytes(32).toString('base64url');
    await this.d.repo.addReset(sha256(token), account.id, new Date(Date.now() + RESET_TTL_MS));
    const link = new URL(`/auth/reset?token=${token}`, this.d.publicUrl).toString();
    try {
      await this.d.mailer.send({
        to: account.email,
        subject: 'Reset your Atrium password',
        text: [
          `Hello ${account.name},`,
          '',
          'Open this link within one hour to choose a new password:',
          link,
          '',
          'If you did not ask for this, ignore this email.',
        ].join('\n'),
      });
    } catch (err) {
      this.d.log.error({ err }, 'password reset mail failed');
    }
  }

  async resetPassword(token: string, next: string) {
    const pw = passwordSchema.safeParse(next);
    if (!pw.success) throw new AppError('VALIDATION_FAILED', pw.error.issues[0]!.message);
    const accountId = await this.d.repo.consumeReset(sha256(token));
    if (!accountId) throw new AppError('BAD_REQUEST');
    await this.d.repo.setPassword(accountId, await hashPassword(next));
    await this.d.repo.revokeProviderState(accountId);
  }
}
