import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { accounts, apiKeys, oidcPayloads, passwordResets, users } from '../../db/schema/index.ts';

export type Account = typeof accounts.$inferSelect;

/** Queries for the built-in provider's local accounts. */
export class AccountsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  byEmail(email: string) {
    return this.db.query.accounts.findFirst({ where: eq(accounts.email, email.toLowerCase()) });
  }

  byId(id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(undefined);
    return this.db.query.accounts.findFirst({ where: eq(accounts.id, id) });
  }

  list() {
    return this.db.select().from(accounts).orderBy(accounts.createdAt);
  }

  /** Null when the email is taken (unique index decides, so concurrent sign-ups cannot both win). */
  async insert(row: {
    email: string;
    passwordHash: string;
    name: string;
    role?: string;
  }): Promise<Account | null> {
    const saved = await this.db
      .insert(accounts)
      .values({ id: newId(), ...row, email: row.email.toLowerCase() })
      .onConflictDoNothing({ target: accounts.email })
      .returning();
    return saved[0] ?? null;
  }

  async setPassword(id: string, passwordHash: string) {
    await this.db
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(accounts.id, id));
  }

  async setRole(id: string, role: string) {
    await this.db.update(accounts).set({ role }).where(eq(accounts.id, id));
    await this.db.update(users).set({ role }).where(eq(users.subject, id));
  }

  async delete(id: string) {
    await this.db.delete(accounts).where(eq(accounts.id, id));
  }

  /** Ends every provider session, grant and token of the account (sign-out everywhere). */
  async revokeProviderState(accountId: string) {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, accountId));
    await this.db
      .update(users)
      .set({ tokensValidAfter: sql`now()` })
      .where(eq(users.subject, accountId));
  }

  /**
   * Deletes the person's personal API keys; returns how many there were. A new password must lock out
   * whoever knew the old one, and a key they minted would otherwise outlive it.
   */
  async revokeApiKeys(accountId: string): Promise<number> {
    const gone = await this.db
      .delete(apiKeys)
      .where(
        inArray(
          apiKeys.userId,
          this.db.select({ id: users.id }).from(users).where(eq(users.subject, accountId)),
        ),
      )
      .returning({ id: apiKeys.id });
    return gone.length;
  }

  async addReset(tokenHash: string, accountId: string, expiresAt: Date) {
    await this.db.insert(passwordResets).values({ tokenHash, accountId, expiresAt });
  }

  /** The account a still-usable reset token belongs to, without using the token up (to pick the page's language). */
  async resetAccount(tokenHash: string): Promise<string | null> {
    const rows = await this.db
      .select({ accountId: passwordResets.accountId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return rows[0]?.accountId ?? null;
  }

  /** The interface language saved on the person behind a local account; null until they choose one. */
  async languageOf(accountId: string): Promise<string | null> {
    const rows = await this.db.select({ language: users.language }).from(users).where(eq(users.subject, accountId)).limit(1);
    return rows[0]?.language ?? null;
  }

  /** Marks the token used and returns its account, atomically: a token works once. */
  async consumeReset(tokenHash: string): Promise<string | null> {
    const rows = await this.db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ accountId: passwordResets.accountId });
    return rows[0]?.accountId ?? null;
  }
}
