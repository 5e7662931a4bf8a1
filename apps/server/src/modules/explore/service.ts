import { AppError, HAPPENING_NOW, SOCIAL_LIMITS, type ExploreQuery, type ExploreSort, type HappeningNowItem, type SceneCard } from '@atrium/shared';
import type { SceneAccess } from '../sceneAccess/access.ts';
import { toCard } from '../sceneAccess/cards.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { ExploreRepo } from './repo.ts';

/** Where "happening now" comes from (handed in by app.ts: the events module and realtime's listings). */
export interface HappeningSources {
  liveEvents: (limit: number) => Promise<{ sceneId: string; eventId: string; title: string; endsAt: Date }[]>;
  /** People per space now (published instances only). */
  present: () => Promise<Map<string, number>>;
}

/** The TRENDING ranking is recomputed at most once a minute and holds the best 1,000 spaces. */
export const TRENDING = { ttlMs: 60_000, maxIds: 1_000 } as const;

/** Spec §2 Explore: publishedscene/metadata search, my and many/{ids}; every list honours privacy. */
export class ExploreService {
  private readonly repo: ExploreRepo;
  private readonly scenes: ScenesRepo;
  private readonly access: SceneAccess;
  private readonly trendingTtlMs: number;
  private trend: { at: number; ids: Promise<string[]> } | null = null;
  private readonly happening: HappeningSources;
  constructor(
    repo: ExploreRepo,
    deps: { scenes: ScenesRepo; access: SceneAccess; trendingTtlMs?: number; happening?: HappeningSources },
  ) {
    this.trendingTtlMs = deps.trendingTtlMs ?? TRENDING.ttlMs;
    this.happening = deps.happening ?? { liveEvents: async () => [], present: async () => new Map() };
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

  async mine(actor: Actor, q: { state?: 'Draft' | 'Published' | undefined; sort?: ExploreSort | undefined; cp: number; ipp: number }) {
    return (await this.repo.mine(actor.userId, q.state, q.sort ?? 'date', q.cp, q.ipp)).map(toCard);
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
   * "Happening now": spaces with an event on, then spaces with people in them, busiest first within
   * each; only cards the caller may see (the same read rule as every list), at most HAPPENING_NOW.max.
   */
  async happeningNow(actor: Actor | null): Promise<HappeningNowItem[]> {
    const [events, present] = await Promise.all([this.happening.liveEvents(HAPPENING_NOW.max * 4), this.happening.present()]);
    const eventOf = new Map(events.map((e) => [e.sceneId, e]));
    const count = (id: string) => present.get(id) ?? 0;
    const ids = [...new Set([...eventOf.keys(), ...present.keys()])]
      .sort((a, b) => Number(eventOf.has(b)) - Number(eventOf.has(a)) || count(b) - count(a) || a.localeCompare(b))
      // Room for spaces the caller may not see, which drop out below.
      .slice(0, HAPPENING_NOW.max * 4);
    if (!ids.length) return [];
    return (await this.many(actor, ids)).slice(0, HAPPENING_NOW.max).map((card) => {
      const e = eventOf.get(card.sceneId);
      return {
        card,
        event: e ? { eventId: e.eventId, title: e.title, endsAt: e.endsAt.toISOString() } : null,
        present: count(card.sceneId),
      };
    });
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
