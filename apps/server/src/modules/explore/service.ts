import { AppError, type ExploreQuery, type SceneCard } from '@atrium/shared';
import { toCard } from '../publishing/cards.ts';
import type { Actor } from '../users/actor.ts';
import type { ExploreRepo } from './repo.ts';

/** Spec §2 Explore: publishedscene/metadata search, my and many/{ids}; every list honours privacy. */
export class ExploreService {
  private readonly repo: ExploreRepo;
  constructor(repo: ExploreRepo) {
    this.repo = repo;
  }

  async search(actor: Actor | null, q: ExploreQuery): Promise<SceneCard[]> {
    if ((q.filter === 'Favorites' || q.filter === 'History') && !actor) throw new AppError('UNAUTHENTICATED');
    return (await this.repo.search(actor?.userId ?? null, q)).map(toCard);
  }

  async mine(actor: Actor, q: { state?: 'Draft' | 'Published' | undefined; cp: number; ipp: number }) {
    return (await this.repo.mine(actor.userId, q.state, q.cp, q.ipp)).map(toCard);
  }

  /** Cards in the order asked for; ids the caller may not see are left out. */
  async many(actor: Actor | null, ids: string[]) {
    const rows = (await this.repo.many(actor?.userId ?? null, ids)).map(toCard);
    return ids.map((id) => rows.find((r) => r.sceneId === id)).filter((c): c is SceneCard => c !== undefined);
  }
}
