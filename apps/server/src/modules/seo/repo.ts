import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scenes } from '../../db/schema/index.ts';
import { readableBy } from '../sceneAccess/access.ts';

// Crawlers are signed-out visitors: only what readableBy(null) lets anyone read (published, visible,
// public) is ever described to them. A private, hidden or draft space reads as absent.
const publicOnly = readableBy(null);

export interface PublicSpace {
  id: string;
  title: string;
  description: string;
  image: string | null;
}

export class SeoRepo {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async publicSpace(id: string): Promise<PublicSpace | null> {
    const rows = await this.db
      .select({
        id: scenes.id,
        title: scenes.title,
        description: scenes.description,
        cover: scenes.coverPhotoUri,
        thumb: scenes.thumbnailUri,
      })
      .from(scenes)
      .where(and(eq(scenes.id, id), publicOnly))
      .limit(1);
    const r = rows[0];
    return r ? { id: r.id, title: r.title, description: r.description, image: r.cover ?? r.thumb } : null;
  }

  /** The newest public spaces, in Explore's default order (latest published first), for its served HTML. */
  async latestPublicSpaces(limit: number): Promise<PublicSpace[]> {
    const rows = await this.db
      .select({
        id: scenes.id,
        title: scenes.title,
        description: scenes.description,
        cover: scenes.coverPhotoUri,
        thumb: scenes.thumbnailUri,
      })
      .from(scenes)
      .where(publicOnly)
      .orderBy(sql`${scenes.publishedAt} desc nulls last`, desc(scenes.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, title: r.title, description: r.description, image: r.cover ?? r.thumb }));
  }

  async countPublicSpaces(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(scenes).where(publicOnly);
    return row?.n ?? 0;
  }

  /** One sitemap page of public spaces in a stable order, each with the time its public page last changed. */
  async publicSpacePage(offset: number, limit: number): Promise<{ id: string; lastmod: Date }[]> {
    const rows = await this.db
      .select({
        id: scenes.id,
        lastmod: sql<Date | string>`greatest(${scenes.updatedAt}, ${scenes.publishedAt})`,
      })
      .from(scenes)
      .where(publicOnly)
      .orderBy(asc(scenes.id))
      .offset(offset)
      .limit(limit);
    // A raw sql expression comes back as text from some drivers; normalise it.
    return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod) }));
  }
}
