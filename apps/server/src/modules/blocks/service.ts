import { AppError, BLOCK_LIMITS, msg, type BlockedPerson, type BlockStatus } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { BlocksRepo } from './repo.ts';

/**
 * The block list (issue 20). Blocking is one-sided to set and undo, but it stops reaching out both
 * ways: the blocked person cannot invite, greet or message the blocker, and the blocker is told to
 * unblock first before doing so themselves. Parties, greetings and direct messages ask `assertCanReach`.
 */
export class BlocksService {
  private readonly repo: BlocksRepo;
  constructor(repo: BlocksRepo) {
    this.repo = repo;
  }

  async list(actor: Actor): Promise<BlockedPerson[]> {
    return (await this.repo.list(actor.userId)).map((r) => ({
      userId: r.userId,
      name: r.name,
      profilePicture: profilePictureUrl(r.userId, r.picture),
      blockedAt: r.blockedAt.toISOString(),
    }));
  }

  async block(actor: Actor, userId: string): Promise<BlockStatus> {
    if (userId === actor.userId) throw new AppError('BAD_REQUEST', msg.blocks.selfBlock);
    if (!(await this.repo.userExists(userId))) throw new AppError('NOT_FOUND', msg.blocks.userMissing);
    if ((await this.repo.count(actor.userId)) >= BLOCK_LIMITS.maxBlocked)
      throw new AppError('CONFLICT', msg.blocks.tooMany(BLOCK_LIMITS.maxBlocked));
    await this.repo.block(actor.userId, userId);
    return { userId, blocked: true };
  }

  /** Unblocking someone not blocked is a no-op (the answer is the same). */
  async unblock(actor: Actor, userId: string): Promise<BlockStatus> {
    await this.repo.unblock(actor.userId, userId);
    return { userId, blocked: false };
  }

  async status(actor: Actor, userId: string): Promise<BlockStatus> {
    const rows = await this.repo.between(actor.userId, userId);
    return { userId, blocked: rows.some((r) => r.blockerId === actor.userId) };
  }

  /** 403 BLOCKED when either has blocked the other; the message says which side may undo it. */
  async assertCanReach(fromId: string, toId: string): Promise<void> {
    const rows = await this.repo.between(fromId, toId);
    if (!rows.length) return;
    if (rows.some((r) => r.blockerId === toId)) throw new AppError('BLOCKED', msg.blocks.blockedYou);
    throw new AppError('BLOCKED', msg.blocks.youBlocked);
  }

  /** For a group of people (direct messages): 403 BLOCKED when `fromId` and any of them are blocked either way. */
  async assertCanReachAll(fromId: string, others: string[]): Promise<void> {
    for (const id of others) await this.assertCanReach(fromId, id);
  }
}
