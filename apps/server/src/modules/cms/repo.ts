import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqs } from '../../db/schema/index.ts';

export class CmsRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  listFaqs(category?: string) {
    return this.db
      .select({
        id: faqs.id,
        slug: faqs.slug,
        question: faqs.question,
        answer: faqs.answer,
        category: faqs.category,
        position: faqs.position,
      })
      .from(faqs)
      .where(category ? eq(faqs.category, category) : undefined)
      .orderBy(asc(faqs.position), asc(faqs.slug));
  }
}
