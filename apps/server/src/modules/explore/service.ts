import { AppError, SOCIAL_LIMITS, type ExploreQuery, type SceneCard } from '@atrium/shared';
import type { SceneAccess } from '../sceneAccess/access.ts';
import { toCard } from '../sceneAccess/cards.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { ExploreRepo } from './repo.ts';

/** The TRENDING ranking is recomputed at most once a minute and holds the best 1,000 spaces. */
export const TRENDING = { ttlMs: 60_000, maxIds: 1_000 } as const;

/** Spec §2 Explore: publishedscene/metadata search, my and many/{ids}; every list honours privacy. */
export class ExploreService {
  private readonly repo: ExploreRepo;
  private readonly scenes: ScenesRepo;
  private readonly access: SceneAccess;
  private readonly trendingTtlMs: number;
  private trend: { at: number; ids: Promise<string[]> } | null = null;
  constructor(repo: ExploreRepo, deps: { scenes: ScenesRepo; access: SceneAccess; trendingTtlMs?: number }) {
    this.trendingTtlMs = deps.trendingTtlMs ?? TRENDING.ttlMs;
    this.repo = repo;
    this.scenes = deps.scenes;
    this.access = deps.access;
  }

  async search(actor: Actor | null, q: ExploreQuery): Promise<SceneCard[]> {
    if ((q.filter === 'Favorites' || q.filter === 'History') && !actor) throw new AppError('UNAUTHENTICATED');
    // Signed out, every readable space is public: nothing private to list, and no query to run.
    if (q.filter === 'Private' && !actor) return [];
    return (await this.repo.search(actor?.userId ?? null, q)).map(toCard);
  }

  async mine(actor: Actor, q: { state?: 'Draft' | 'Published' | undefined; cp: number; ipp: number }) {
    return (await this.repo.mine(actor.userId, q.state, q.cp, q.ipp)).map(toCard);
  }

  refreshRanks(): Promise<number> {
    return this.repo.refreshRanks();
  }

  /** Cards in the order asked for; ids the caller may not see are left out. */
  async many(actor: Actor | null, ids: string[]) {
    const rows = (await this.repo.many(actor?.userId ?? null, ids)).map(toCard);
    return ids.map((id) => rows.find((r) => r.sceneId === id)).filter((c): c is SceneCard => c !== undefined);
  }

  /** Spaces sharing tags with a space the caller can see (404 otherwise, so nothing leaks). */
  async related(actor: Actor | null, sceneId: string, page: { cp: number; ipp: number }): Promise<SceneCard[]> {
    const scene = await this.scenes.findById(sceneId);
    await this.access.assertVisible(actor, scene);
    if (scene!.tags.length === 0) return [];
    return (await this.repo.related(actor?.userId ?? null, sceneId, scene!.tags, page.cp, page.ipp)).map(toCard);
  }

  /**
   * TRENDING pages cut from a ranking computed at most once per `trendingTtlMs` (one computation in
   * flight is shared); each page's cards are read with the caller's privacy, so a space hidden since
   * drops out at once. Only public spaces trend.
   */
  async trending(actor: Actor | null, page: { cp: number; ipp: number }, now = new Date()): Promise<SceneCard[]> {
    if (!this.trend || now.getTime() - this.trend.at >= this.trendingTtlMs) {
      const since = new Date(now.getTime() - SOCIAL_LIMITS.trendingWindowDays * 86_400_000);
      const ids = this.repo.trendingIds(since, TRENDING.maxIds);
      this.trend = { at: now.getTime(), ids };
      // A failed computation is not kept: the next request tries again.
      ids.catch(() => {
        if (this.trend?.ids === ids) this.trend = null;
      });
    }
    const ids = (await this.trend.ids).slice(page.cp * page.ipp, (page.cp + 1) * page.ipp);
    return ids.length ? this.many(actor, ids) : [];
  }
}
