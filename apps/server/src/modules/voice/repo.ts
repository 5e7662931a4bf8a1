import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sceneVoiceMutes } from '../../db/schema/index.ts';

/** Owner mutes per space (scene_voice_mutes). */
export class VoiceRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async isMuted(sceneId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: sceneVoiceMutes.userId })
      .from(sceneVoiceMutes)
      .where(and(eq(sceneVoiceMutes.sceneId, sceneId), eq(sceneVoiceMutes.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  async setMuted(sceneId: string, userId: string, muted: boolean) {
    if (muted) await this.db.insert(sceneVoiceMutes).values({ sceneId, userId }).onConflictDoNothing();
    else await this.db.delete(sceneVoiceMutes).where(and(eq(sceneVoiceMutes.sceneId, sceneId), eq(sceneVoiceMutes.userId, userId)));
  }

  async muted(sceneId: string): Promise<string[]> {
    const rows = await this.db.select({ userId: sceneVoiceMutes.userId }).from(sceneVoiceMutes).where(eq(sceneVoiceMutes.sceneId, sceneId));
    return rows.map((r) => r.userId);
  }
}
