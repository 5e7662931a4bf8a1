import { AppError } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { UsersRepo } from '../users/repo.ts';
import { toPublicUser } from '../users/service.ts';
import type { FollowsRepo } from './repo.ts';

export type FollowListener = (follower: Actor, followeeId: string) => Promise<void>;

export class FollowsService {
  /** Called after a follow that was not there before (the notifications module listens). */
  readonly onFollowed: FollowListener[] = [];
  private readonly repo: FollowsRepo;
  private readonly users: UsersRepo;
  constructor(deps: { repo: FollowsRepo; users: UsersRepo }) {
    this.repo = deps.repo;
    this.users = deps.users;
  }

  private async target(id: string) {
    if (!(await this.users.byId(id))) throw new AppError('NOT_FOUND');
  }

  async follow(actor: Actor, id: string) {
    if (actor.userId === id) throw new AppError('BAD_REQUEST', 'You cannot follow yourself');
    await this.target(id);
    const isNew = !(await this.repo.isFollowing(actor.userId, id));
    const numOfFollowers = await this.repo.follow(actor.userId, id);
    if (isNew) for (const l of this.onFollowed) await l(actor, id);
    return { following: true, numOfFollowers };
  }

  async unfollow(actor: Actor, id: string) {
    await this.target(id);
    return { following: false, numOfFollowers: await this.repo.unfollow(actor.userId, id) };
  }

  async status(actor: Actor, id: string) {
    const user = await this.users.byId(id);
    if (!user) throw new AppError('NOT_FOUND');
    return { following: await this.repo.isFollowing(actor.userId, id), numOfFollowers: user.numOfFollowers };
  }

  async list(id: string, side: 'followers' | 'following', cp: number, ipp: number) {
    await this.target(id);
    const { rows, total } = await this.repo.list(id, side, cp, ipp);
    return { items: rows.map(toPublicUser), total };
  }
}
