import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { sharedLookup } from '../../db/sharedLookup.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
/**
 * What a signed-in request needs of its user row: who it is, its role, and whether the row or the
 * token was revoked. Every authenticated request reads this, so it reads nothing more (the profile
 * columns, one of them jsonb, were most of the row's bytes and of its mapping).
 */
const identityColumns = {
  id: users.id,
  subject: users.subject,
  name: users.name,
  email: users.email,
  role: users.role,
  deletedAt: users.deletedAt,
  tokensValidAfter: users.tokensValidAfter,
};
export type IdentityRow = Pick<UserRow, keyof typeof identityColumns>;
export type UserUpdate = Partial<Omit<typeof users.$inferInsert, 'id' | 'subject' | 'createdAt'>>;

const live = isNull(users.deletedAt);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class UsersRepo {
  private readonly db: Db;
  /**
   * Every authenticated request looks its subject up (revocation and deletion are checked on the
   * row): requests arriving together share one query (`sharedLookup`, no cache), so a burst does not
   * queue one query per request for the pool (measured by bench/marketplace).
   */
  private readonly subjects = sharedLookup(
    (subjects: string[]) => (this.bySubjects ??= this.prepareBySubjects()).execute({ subjects: JSON.stringify(subjects) }),
    (r) => r.subject,
  );
  /**
   * Built once and prepared under a name: building a select of every column took a sixth of a
   * request's CPU in bench/marketplace, and PostgreSQL plans a named statement once per connection.
   * The subjects travel as one JSON array, so the statement is the same however many there are.
   */
  private bySubjects: ReturnType<UsersRepo['prepareBySubjects']> | undefined;
  private prepareBySubjects() {
    return this.db
      .select(identityColumns)
      .from(users)
      .where(sql`${users.subject} in (select jsonb_array_elements_text(${sql.placeholder('subjects')}::jsonb))`)
      .prepare('users_by_subjects');
  }
  constructor(db: Db) {
    this.db = db;
  }

  bySubject(subject: string): Promise<IdentityRow | undefined> {
    return this.subjects.load(subject);
  }

  byId(id: string) {
    return this.db.query.users.findFirst({ where: and(eq(users.id, id), live) });
  }

  byEmail(email: string) {
    return this.db.query.users.findFirst({ where: and(eq(users.email, email.toLowerCase()), live) });
  }

  many(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), live));
  }

  /**
   * Creates the row on first sight of a subject; concurrent first requests agree on one row. `id` is
   * given for the built-in provider, whose subject is the user id itself.
   */
  async ensure({
    id,
    ...row
  }: {
    id?: string;
    subject: string;
    loginProvider: string;
    email: string | null;
    name: string | null;
    role: string;
  }): Promise<IdentityRow> {
    const existing = await this.bySubject(row.subject);
    if (existing) return existing;
    const insert = this.db
      .insert(users)
      // Tokens issued before the row existed are fine; only later revocations move this forward.
      .values({
        id: id ?? newId(),
        ...row,
        email: row.email?.toLowerCase() ?? null,
        tokensValidAfter: new Date(0),
        lastLogin: new Date(),
      });
    // With a given id a racing twin collides on the primary key as well as on the subject.
    await (id ? insert.onConflictDoNothing() : insert.onConflictDoNothing({ target: users.subject }));
    return (await this.bySubject(row.subject))!;
  }

  async update(id: string, patch: UserUpdate): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), live))
      .returning();
    return row!;
  }

  /** Searchable, live users whose name matches (case-insensitive substring), newest first. */
  async search(q: string | undefined, cp: number, ipp: number) {
    const conds: SQL[] = [live, eq(users.searchable, true)];
    if (q) conds.push(ilike(users.name, `%${escapeLike(q)}%`));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(q ? asc(users.name) : desc(users.createdAt), asc(users.id))
        .limit(ipp)
        .offset(cp * ipp),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  list() {
    return this.db.select().from(users).where(live).orderBy(asc(users.createdAt));
  }
}

/**
 * Account deletion as one transaction: follow edges go (with the other side's counts corrected),
 * API keys go, and the row keeps only its id and subject so old tokens stay refused.
 */
export async function tombstoneUser(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set num_of_followers = num_of_followers - 1
      where id in (select followee_id from user_follows where follower_id = ${id})`);
    await tx.execute(sql`update users set num_of_following = num_of_following - 1
      where id in (select follower_id from user_follows where followee_id = ${id})`);
    await tx.execute(sql`delete from user_follows where follower_id = ${id} or followee_id = ${id}`);
    await tx.execute(sql`delete from api_keys where user_id = ${id}`);
    await tx
      .update(users)
      .set({
        email: null,
        name: null,
        username: null,
        bio: null,
        birthday: null,
        city: null,
        country: null,
        gender: null,
        occupation: null,
        website: null,
        socialMedia: [],
        profilePicture: null,
        coverPhoto: null,
        privateSpaceInvitationCode: null,
        searchable: false,
        numOfFollowers: 0,
        numOfFollowing: 0,
        deletedAt: sql`now()`,
        tokensValidAfter: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
  });
}
