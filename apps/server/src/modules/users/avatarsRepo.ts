import { eq, inArray } from 'drizzle-orm';
import { avatarAppearance, type AvatarAppearance } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import { userAvatars } from '../../db/schema/index.ts';

export class AvatarsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The stored choice, or null; a row written by an older build that no longer parses counts as none. */
  async get(userId: string): Promise<AvatarAppearance | null> {
    const row = await this.db.query.userAvatars.findFirst({ where: eq(userAvatars.userId, userId) });
    const parsed = avatarAppearance.safeParse(row?.appearance);
    return parsed.success ? parsed.data : null;
  }

  async many(userIds: string[]): Promise<Map<string, AvatarAppearance>> {
    const out = new Map<string, AvatarAppearance>();
    if (userIds.length === 0) return out;
    const rows = await this.db.select().from(userAvatars).where(inArray(userAvatars.userId, userIds));
    for (const r of rows) {
      const parsed = avatarAppearance.safeParse(r.appearance);
      if (parsed.success) out.set(r.userId, parsed.data);
    }
    return out;
  }

  async set(userId: string, appearance: AvatarAppearance): Promise<void> {
    await this.db
      .insert(userAvatars)
      .values({ userId, appearance, updatedAt: new Date() })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { appearance, updatedAt: new Date() } });
  }
}
