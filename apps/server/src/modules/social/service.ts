import crypto from 'node:crypto';
import { isbot } from 'isbot';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  AppError,
  msg,
  SOCIAL_LIMITS,
  type SceneComment,
  type SceneReply,
} from '@atrium/shared';
import { take } from '../../rateLimits.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';
import type { ScenesRepo, SceneRow } from '../scenes/repo.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { CommentRow, SocialRepo } from './repo.ts';

// Crawlers, link previews, headless browsers and scripted clients are not visits. `isbot` keeps the
// pattern list current; headless Chrome stays a bot on purpose (prerenderers and scrapers announce
// themselves that way), so the e2e browsers present an ordinary Chrome user agent instead.
export const isBot = (ua: string | undefined) => !ua || isbot(ua);

type CommentWithUser = { c: CommentRow; user: { userId: string; name: string | null; username: string | null; profilePicture: string | null } };

const toReply = ({ c, user }: CommentWithUser): SceneReply => ({
  commentId: c.id,
  sceneId: c.sceneId,
  parentCommentId: c.parentId,
  body: c.body,
  edited: c.edited,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  user: { ...user, profilePicture: profilePictureUrl(user.userId, user.profilePicture) },
});

/** Spec §7 Social: scenelike, scenecomment, favourites, views and visit history. */
export class SocialService {
  private readonly repo: SocialRepo;
  private readonly scenes: ScenesRepo;
  private readonly access: SceneAccess;
  private readonly notifications: NotificationsService;
  /** SOCIAL_LIMITS.commentRateMax per user per window, taken atomically before the insert. */
  private readonly commentLimiter: RateLimiterAbstract;
  constructor(deps: {
    repo: SocialRepo;
    scenes: ScenesRepo;
    access: SceneAccess;
    notifications: NotificationsService;
    commentLimiter: RateLimiterAbstract;
  }) {
    this.repo = deps.repo;
    this.scenes = deps.scenes;
    this.access = deps.access;
    this.notifications = deps.notifications;
    this.commentLimiter = deps.commentLimiter;
  }

  /** A space the caller can see; anything else (draft, hidden, private and unlisted) is 404. */
  private async visible(actor: Actor | null, id: string): Promise<SceneRow> {
    const row = await this.scenes.findById(id);
    await this.access.assertVisible(actor, row);
    return row!;
  }

  private notifyOwner(actor: Actor, scene: SceneRow, type: 'like' | 'comment', commentId?: string) {
    if (!scene.ownerId || scene.ownerId === actor.userId) return Promise.resolve();
    return this.notifications
      .notify(scene.ownerId, { type, actorId: actor.userId, actorName: actor.name ?? '', sceneId: scene.id, sceneTitle: scene.title, ...(commentId ? { commentId } : {}) })
      .then(() => undefined);
  }

  async likeStatus(actor: Actor | null, id: string) {
    const scene = await this.visible(actor, id);
    return { liked: actor ? await this.repo.liked(id, actor.userId) : false, likes: scene.likesCount };
  }

  async like(actor: Actor, id: string) {
    const scene = await this.visible(actor, id);
    const { likes, added } = await this.repo.like(id, actor.userId);
    if (added) await this.notifyOwner(actor, scene, 'like');
    return { liked: true, likes };
  }

  async unlike(actor: Actor, id: string) {
    await this.visible(actor, id);
    return { liked: false, likes: await this.repo.unlike(id, actor.userId) };
  }

  async favouriteStatus(actor: Actor, id: string) {
    await this.visible(actor, id);
    return { favourite: await this.repo.isFavourite(id, actor.userId) };
  }

  async setFavourite(actor: Actor, id: string, on: boolean) {
    await this.visible(actor, id);
    await this.repo.favourite(id, actor.userId, on);
    return { favourite: on };
  }

  /**
   * A visit: counted once per visitor per space per 6 hours; bots and the owner are not counted.
   * Signed-in visitors (owners too) get the space in their history.
   */
  async view(actor: Actor | null, id: string, client: { ip: string; userAgent: string | undefined }, now = new Date()) {
    const scene = await this.visible(actor, id);
    if (isBot(client.userAgent)) return { counted: false, views: scene.viewsCount };
    if (actor) await this.repo.recordVisit(id, actor.userId);
    if (actor && actor.userId === scene.ownerId) return { counted: false, views: scene.viewsCount };
    const visitor = actor
      ? `u:${actor.userId}`
      : `a:${crypto.createHash('sha256').update(`${client.ip}\n${client.userAgent ?? ''}`).digest('base64url').slice(0, 22)}`;
    const windowStart = new Date(now.getTime() - SOCIAL_LIMITS.viewWindowHours * 3600_000);
    return this.repo.recordView(id, visitor, windowStart);
  }

  async comments(actor: Actor | null, id: string, cp: number, ipp: number): Promise<SceneComment[]> {
    await this.visible(actor, id);
    const { top, replies } = await this.repo.listComments(id, cp, ipp);
    return top.map((t) => ({
      ...toReply(t),
      childComments: replies.filter((r) => r.c.parentId === t.c.id).map(toReply),
    }));
  }

  async addComment(actor: Actor, id: string, input: { body: string; parentCommentId?: string | undefined }): Promise<SceneReply> {
    const scene = await this.visible(actor, id);
    if (!scene.commentsEnabled) throw new AppError('COMMENTS_DISABLED');
    let parent: CommentRow | undefined;
    if (input.parentCommentId) {
      parent = await this.repo.comment(input.parentCommentId);
      if (!parent || parent.sceneId !== id) throw new AppError('NOT_FOUND', 'This comment does not exist');
      if (parent.parentId !== null) throw new AppError('VALIDATION_FAILED', msg.social.replyDepth);
    }
    // Taken only once the comment is otherwise acceptable, so refused replies do not use up the budget.
    if ((await take(this.commentLimiter, actor.userId)) !== null)
      throw new AppError('RATE_LIMITED', msg.social.tooManyComments);
    const saved = await this.repo.addComment({ sceneId: id, userId: actor.userId, parentId: parent?.id ?? null, body: input.body });
    if (parent && parent.userId !== actor.userId)
      await this.notifications.notify(parent.userId, {
        type: 'reply',
        actorId: actor.userId,
        actorName: actor.name ?? '',
        sceneId: id,
        sceneTitle: scene.title,
        commentId: saved.id,
      });
    else if (!parent) await this.notifyOwner(actor, scene, 'comment', saved.id);
    return this.replyView(saved);
  }

  private async owned(actor: Actor, commentId: string) {
    const c = await this.repo.comment(commentId);
    if (!c) throw new AppError('NOT_FOUND', 'This comment does not exist');
    const scene = await this.visible(actor, c.sceneId);
    return { c, scene };
  }

  async editComment(actor: Actor, commentId: string, body: string): Promise<SceneReply> {
    const { c, scene } = await this.owned(actor, commentId);
    if (c.userId !== actor.userId) throw new AppError('FORBIDDEN');
    if (!scene.commentsEnabled) throw new AppError('COMMENTS_DISABLED');
    return this.replyView((await this.repo.editComment(commentId, body))!);
  }

  /** The author or the space's owner may delete; replies go with their comment. */
  async deleteComment(actor: Actor, commentId: string): Promise<void> {
    const { c, scene } = await this.owned(actor, commentId);
    if (c.userId !== actor.userId && scene.ownerId !== actor.userId) throw new AppError('FORBIDDEN');
    await this.repo.deleteComment(commentId, c.sceneId);
  }

  private async replyView(c: CommentRow): Promise<SceneReply> {
    const u = await this.repo.userSummary(c.userId);
    return toReply({ c, user: { userId: c.userId, name: u?.name ?? null, username: u?.username ?? null, profilePicture: u?.profilePicture ?? null } });
  }
}
