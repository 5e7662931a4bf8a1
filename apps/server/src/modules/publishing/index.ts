import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ExploreRepo } from '../explore/repo.ts';
import { exploreRoutes } from '../explore/routes.ts';
import { ExploreService, startRankRefresh } from '../explore/service.ts';
import type { FollowsService } from '../follows/service.ts';
import { GroupsRepo } from '../groups/repo.ts';
import { groupRoutes } from '../groups/routes.ts';
import { GroupsService } from '../groups/service.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { NotificationsService } from '../notifications/service.ts';
import { ScenesRepo } from '../scenes/repo.ts';
import { SlotsRepo } from '../slots/repo.ts';
import { slotRoutes } from '../slots/routes.ts';
import { SlotsService, startSlotExpiry } from '../slots/service.ts';
import { SocialRepo } from '../social/repo.ts';
import { socialRoutes } from '../social/routes.ts';
import { SocialService } from '../social/service.ts';
import { SceneAccess } from './access.ts';
import { PublishingRepo } from './repo.ts';
import { publishingRoutes } from './routes.ts';
import { PublishingService } from './service.ts';

export interface Publishing {
  access: SceneAccess;
  notifications: NotificationsService;
  slots: SlotsService;
}

/**
 * Publishing, slots, explore, social and notifications (issue 8). Returns the privacy check the
 * scenes module's published reads use and `notifications.notify` for other modules.
 */
export function registerPublishing(app: FastifyInstance, deps: { db: Db; follows?: FollowsService }): Publishing {
  const { db } = deps;
  const scenesRepo = new ScenesRepo(db);
  const access = new SceneAccess(db);
  const notifications = new NotificationsService(db);
  const slotsRepo = new SlotsRepo(db);
  const slots = new SlotsService({ db, repo: slotsRepo, notifications });
  const groups = new GroupsService(new GroupsRepo(db));
  const publishing = new PublishingService({ db, repo: new PublishingRepo(db, slotsRepo), scenes: scenesRepo, slots, access, groups });
  const social = new SocialService({ repo: new SocialRepo(db), scenes: scenesRepo, access, notifications });

  deps.follows?.onFollowed.push(async (follower, followeeId) => {
    await notifications.notify(followeeId, { type: 'follow', actorId: follower.userId, actorName: follower.name ?? '' });
  });

  slotRoutes(app, { slots });
  publishingRoutes(app, { publishing });
  groupRoutes(app, { groups });
  socialRoutes(app, { social });
  const explore = new ExploreService(new ExploreRepo(db), { scenes: scenesRepo, access });
  exploreRoutes(app, { explore });
  notificationRoutes(app, { notifications });
  startSlotExpiry(app, slots);
  startRankRefresh(app, explore);
  return { access, notifications, slots };
}
