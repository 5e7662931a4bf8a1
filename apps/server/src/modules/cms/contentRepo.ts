import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cmsGlossary, cmsVideos, faqs } from '../../db/schema/index.ts';

export type FaqRow = typeof faqs.$inferSelect;
export type GlossaryRow = typeof cmsGlossary.$inferSelect;
export type VideoRow = typeof cmsVideos.$inferSelect;

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/** Staff writes of FAQs, glossary entries and video tutorials. A taken slug comes back as 'conflict'. */
export class CmsContentRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T | 'conflict'> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) return 'conflict';
      throw err;
    }
  }

  insertFaq(row: typeof faqs.$inferInsert) {
    return this.guard(async () => (await this.db.insert(faqs).values(row).returning())[0]!);
  }
  updateFaq(id: string, patch: Partial<typeof faqs.$inferInsert>) {
    return this.guard(async () => (await this.db.update(faqs).set({ ...patch, updatedAt: new Date() }).where(eq(faqs.id, id)).returning())[0] ?? null);
  }
  async deleteFaq(id: string) {
    return (await this.db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id })).length > 0;
  }

  insertGlossary(row: typeof cmsGlossary.$inferInsert) {
    return this.guard(async () => (await this.db.insert(cmsGlossary).values(row).returning())[0]!);
  }
  updateGlossary(id: string, patch: Partial<typeof cmsGlossary.$inferInsert>) {
    return this.guard(async () => (await this.db.update(cmsGlossary).set(patch).where(eq(cmsGlossary.id, id)).returning())[0] ?? null);
  }
  async deleteGlossary(id: string) {
    return (await this.db.delete(cmsGlossary).where(eq(cmsGlossary.id, id)).returning({ id: cmsGlossary.id })).length > 0;
  }

  insertVideo(row: typeof cmsVideos.$inferInsert) {
    return this.guard(async () => (await this.db.insert(cmsVideos).values(row).returning())[0]!);
  }
  updateVideo(id: string, patch: Partial<typeof cmsVideos.$inferInsert>) {
    return this.guard(async () => (await this.db.update(cmsVideos).set(patch).where(eq(cmsVideos.id, id)).returning())[0] ?? null);
  }
  async deleteVideo(id: string) {
    return (await this.db.delete(cmsVideos).where(eq(cmsVideos.id, id)).returning({ id: cmsVideos.id })).length > 0;
  }
}
