import crypto from 'node:crypto';
import { AppError, isRole, msg, password as passwordSchema, type Role } from '@atrium/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Mailer } from '../../mail/mailer.ts';
import { take } from '../../rateLimits.ts';
import type { AccountsRepo, Account } from './accountsRepo.ts';
import type { SignInThrottle } from './attempts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { authPageTexts, fillMail } from './pageTexts.ts';
import { isLanguage, type Language } from '@atrium/shared/i18n/languages';
import { sha256Hex as sha256 } from '../../sha256.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const normaliseEmail = (e: string) => e.trim().toLowerCase();

export interface AccountServiceDeps {
  repo: AccountsRepo;
  throttle: SignInThrottle;
  /** Sign-up form posts per client IP; each one costs a memory-hard password hash. */
  signUpLimiter: RateLimiterAbstract;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Small-cost password hashes (test processes only, see config's TEST_FAST_PASSWORD_HASH). */
  fastPasswordHash?: boolean;
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
      passwordHash: await hashPassword(input.password, this.d.fastPasswordHash),
      ...(input.role ? { role: input.role } : {}),
    });
    if (!saved) throw new AppError('EMAIL_TAKEN');
    return saved;
  }

  /**
   * Sign-up from the public form: throttled per client, and silent about which emails have accounts.
   * A new address gets its account; a taken one gets `checkEmail` (the page says to check the inbox)
   * while its owner is told by email that someone tried to sign up with it.
   */
  /**
   * `lng` is the language of the page the form was sent from; the owner's notice goes out in the language
   * saved on their account where there is one.
   */
  async signUpFromForm(
    input: { email: string; password: string; name: string },
    ip: string,
    lng: Language = 'en',
  ): Promise<{ account: Account } | { checkEmail: true }> {
    if ((await take(this.d.signUpLimiter, ip)) !== null) throw new AppError('RATE_LIMITED', msg.user.tooManySignUps);
    try {
      return { account: await this.signUp(input) };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'EMAIL_TAKEN') throw err;
      // Not awaited: a slow mail server must not make a taken address answer later than a new one.
      void this.warnOwner(normaliseEmail(input.email), lng);
      return { checkEmail: true };
    }
  }

  /** The language of a mail to an account: the one saved on it, else the language of the request that caused it. */
  private async mailTexts(accountId: string, fallback: Language) {
    const saved = await this.d.repo.languageOf(accountId).catch(() => null);
    return authPageTexts[isLanguage(saved) ? saved : fallback].mail;
  }

  private async warnOwner(email: string, lng: Language) {
    const account = await this.d.repo.byEmail(email);
    if (!account) return;
    const url = (p: string) => new URL(p, this.d.publicUrl).toString();
    try {
      const m = await this.mailTexts(account.id, lng);
      await this.d.mailer.send({
        to: account.email,
        subject: m.takenSubject,
        text: fillMail(m.takenText, { name: account.name, signIn: url('/login'), forgot: url('/auth/forgot') }),
      });
    } catch (err) {
      this.d.log.error({ err }, 'sign-up notice mail failed');
    }
  }

  /**
   * The same answer for an unknown email and a wrong password (no account enumeration); throttled by
   * SignInThrottle, which refuses only the client that keeps failing and slows (never refuses) an
   * account guessed at from everywhere.
   */
  async authenticate(emailInput: string, password: string, ip: string): Promise<Account> {
    const email = normaliseEmail(emailInput);
    await this.d.throttle.attempt(email, ip);
    const account = await this.d.repo.byEmail(email);
    const ok = await verifyPassword(account?.passwordHash ?? null, password, this.d.fastPasswordHash);
    if (!account || !ok) throw new AppError('INVALID_CREDENTIALS');
    await this.d.throttle.succeeded(email, ip);
    return account;
  }

  /** Checks the current password (for deletion and change), without touching the sign-in counters. */
  async checkPassword(accountId: string, password: string): Promise<Account> {
    const account = await this.d.repo.byId(accountId);
    if (!account) throw new AppError('FORBIDDEN');
    if (!(await verifyPassword(account.passwordHash, password, this.d.fastPasswordHash))) throw new AppError('INCORRECT_PASSWORD');
    return account;
  }

  /** Returns how many personal API keys were revoked with the old password. */
  async changePassword(
    accountId: string,
    current: string,
    next: string,
  ): Promise<{ revokedApiKeys: number }> {
    await this.checkPassword(accountId, current);
    await this.d.repo.setPassword(accountId, await hashPassword(next, this.d.fastPasswordHash));
    return this.endOldCredentials(accountId);
  }

  /** Other sessions, issued tokens and personal API keys end; the web app signs in again with the new password. */
  private async endOldCredentials(accountId: string) {
    await this.d.repo.revokeProviderState(accountId);
    return { revokedApiKeys: await this.d.repo.revokeApiKeys(accountId) };
  }

  /** Always resolves the same way, whether or not the email has an account. */
  async requestReset(emailInput: string, lng: Language = 'en') {
    const account = await this.d.repo.byEmail(normaliseEmail(emailInput));
    if (!account) return;
    const token = crypto.randomBytes(32).toString('base64url');
    await this.d.repo.addReset(sha256(token), account.id, new Date(Date.now() + RESET_TTL_MS));
    const link = new URL(`/auth/reset?token=${token}`, this.d.publicUrl).toString();
    try {
      const m = await this.mailTexts(account.id, lng);
      await this.d.mailer.send({ to: account.email, subject: m.resetSubject, text: fillMail(m.resetText, { name: account.name, link }) });
    } catch (err) {
      this.d.log.error({ err }, 'password reset mail failed');
    }
  }

  /** The language saved by the person signed in to the provider, or by the owner of a reset token. */
  async savedLanguage(who: { accountId?: string; resetToken?: string }): Promise<string | null> {
    const accountId = who.accountId ?? (who.resetToken ? await this.d.repo.resetAccount(sha256(who.resetToken)) : null);
    return accountId ? this.d.repo.languageOf(accountId) : null;
  }

  async resetPassword(token: string, next: string): Promise<{ revokedApiKeys: number }> {
    const pw = passwordSchema.safeParse(next);
    if (!pw.success) throw new AppError('VALIDATION_FAILED', pw.error.issues[0]!.message);
    const accountId = await this.d.repo.consumeReset(sha256(token));
    if (!accountId) throw new AppError('BAD_REQUEST');
    await this.d.repo.setPassword(accountId, await hashPassword(next, this.d.fastPasswordHash));
    return this.endOldCredentials(accountId);
  }
}
