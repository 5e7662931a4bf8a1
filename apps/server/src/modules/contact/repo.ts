import { eq, sql } from 'drizzle-orm';
import { newId } from '../../db/newId.ts';
import type { Db } from '../../db/client.ts';
import { comingSoonSignups, contactMessages } from '../../db/schema/index.ts';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt' | 'mailedAt'>;

export class ContactRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insertMessage(row: NewContactMessage) {
    const [saved] = await this.db
      .insert(contactMessages)
      .values({ id: newId(), ...row })
      .returning();
    return saved!;
  }

  async markMailed(id: string) {
    await this.db.update(contactMessages).set({ mailedAt: sql`now()` }).where(eq(contactMessages.id, id));
  }

  getMessage(id: string) {
    return this.db.query.contactMessages.findFirst({ where: eq(contactMessages.id, id) });
  }

  /** Returns true when the address is new; a repeat is a no-op (unique index, no race). */
  async addSignup(email: string): Promise<boolean> {
    const rows = await this.db
      .insert(comingSoonSignups)
      .values({ id: newId(), email })
      .onConflictDoNothing({ target: comingSoonSignups.email })
      .returning({ id: comingSoonSignups.id });
    return rows.length === 1;
  }

  countSignups(email: string) {
    return this.db.$count(comingSoonSignups, eq(comingSoonSignups.email, email));
  }
}
