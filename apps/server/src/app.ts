import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { loggerOptions } from './logging.ts';
import errorsPlugin from './plugins/errors.ts';
import metricsPlugin from './metrics/plugin.ts';
import securityPlugin from './plugins/security.ts';
import requestTimeoutPlugin from './plugins/requestTimeout.ts';
import { RateLimits } from './rateLimits.ts';
import inputGuardPlugin from './plugins/inputGuard.ts';
import openapiPlugin from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';
import { staticFilesPlugin } from './plugins/staticFiles.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { ContactRepo } from './modules/contact/repo.ts';
import { ContactService } from './modules/contact/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { CmsRepo } from './modules/cms/repo.ts';
import { CmsService } from './modules/cms/service.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { cmsContentRoutes } from './modules/cms/contentRoutes.ts';
import { CmsContentRepo } from './modules/cms/contentRepo.ts';
import { CmsContentService } from './modules/cms/contentService.ts';
import { SeoRepo } from './modules/seo/repo.ts';
import { pageMeta } from './modules/seo/pages.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { districtUrl, EVENT_LIMITS, GREET_LIMITS, HUB_EVENTS, SLOTS, SOCIAL_LIMITS, SUBSCRIPTIONS } from '@atrium/shared';
import { createStorage } from './storage/index.ts';
import { registerIdentity } from './modules/auth/identity.ts';
import { ApiKeysRepo } from './modules/apikeys/repo.ts';
import { apiKeyRoutes } from './modules/apikeys/routes.ts';
import { ApiKeysService } from './modules/apikeys/service.ts';
import { UsersRepo } from './modules/users/repo.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';
import { AvatarsRepo } from './modules/users/avatarsRepo.ts';
import { avatarRoutes } from './modules/users/avatarRoutes.ts';
import { FollowsRepo } from './modules/follows/repo.ts';
import { followRoutes } from './modules/follows/routes.ts';
import { FollowsService } from './modules/follows/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { SceneAccess } from './modules/sceneAccess/access.ts';
import { NotificationsRepo } from './modules/notifications/repo.ts';
import { NotificationsService } from './modules/notifications/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { GroupsRepo } from './modules/groups/repo.ts';
import { GroupsService } from './modules/groups/service.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { groupImageRoutes } from './modules/groups/imageRoutes.ts';
import { GroupInvitationsRepo } from './modules/groups/invitationsRepo.ts';
import { GroupInvitationsService } from './modules/groups/invitations.ts';
import { DistrictAccess } from './modules/sceneAccess/districtAccess.ts';
import { DistrictsRepo } from './modules/districts/repo.ts';
import { DistrictsService } from './modules/districts/service.ts';
import { districtRoutes } from './modules/districts/routes.ts';
import { registerDistrictHosts } from './modules/districts/hosts.ts';
import { DistrictPagesRepo } from './modules/districts/pagesRepo.ts';
import { DistrictPagesService } from './modules/districts/pages.ts';
import { districtPageRoutes } from './modules/districts/pageRoutes.ts';
import { DistrictFollowsRepo, DistrictFollowsService } from './modules/follows/districtFollows.ts';
import { districtFollowRoutes } from './modules/follows/districtFollowRoutes.ts';
import { SlotsRepo } from './modules/slots/repo.ts';
import { SlotsService } from './modules/slots/service.ts';
import { slotRoutes } from './modules/slots/routes.ts';
import { DistrictSlotsRepo } from './modules/districts/slotsRepo.ts';
import { DistrictSlotsService } from './modules/districts/slots.ts';
import { DistrictSubmissionRepo } from './modules/districts/submissionRepo.ts';
import { DistrictSubmissionService } from './modules/districts/submission.ts';
import { districtSlotRoutes } from './modules/districts/slotRoutes.ts';
import { DistrictRequestsRepo } from './modules/districts/requestsRepo.ts';
import { DistrictRequestsService } from './modules/districts/requests.ts';
import { districtRequestRoutes } from './modules/districts/requestRoutes.ts';
import { MarketplaceRepo } from './modules/marketplace/repo.ts';
import { MarketplaceService } from './modules/marketplace/service.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createPaymentProvider } from './modules/payments/index.ts';
import { PaymentsRepo } from './modules/payments/repo.ts';
import { PaymentsService } from './modules/payments/service.ts';
import { WebhookHandler } from './modules/payments/webhook.ts';
import { SubscriptionsRepo } from './modules/subscriptions/repo.ts';
import { SubscriptionsService, type Publish } from './modules/subscriptions/service.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';
import { OffsetClock, systemClock, type Clock } from './modules/subscriptions/clock.ts';
import { testClockRoutes } from './modules/subscriptions/testClockRoutes.ts';
import { PublishingRepo } from './modules/publishing/repo.ts';
import { PublishingService } from './modules/publishing/service.ts';
import { publishingRoutes } from './modules/publishing/routes.ts';
import { SocialRepo } from './modules/social/repo.ts';
import { SocialService } from './modules/social/service.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { ExploreRepo } from './modules/explore/repo.ts';
import { ExploreService } from './modules/explore/service.ts';
import { RECOMMENDED_BOUNDS } from './modules/explore/recommended.ts';
import { createJobQueue } from './jobs/index.ts';
import { exploreRoutes } from './modules/explore/routes.ts';
import { ScenesRepo } from './modules/scenes/repo.ts';
import { ScenesService } from './modules/scenes/service.ts';
import { sceneRoutes } from './modules/scenes/routes.ts';
import { OwnerScenesService } from './modules/scenes/ownerService.ts';
import { ownerSceneRoutes } from './modules/scenes/ownerRoutes.ts';
import { AssetsRepo } from './modules/assets/repo.ts';
import { checkAvatarChoice } from './modules/assets/avatarChoice.ts';
import { registerAssets } from './modules/assets/index.ts';
import { registerImports } from './modules/imports/index.ts';
import { registerRealtime } from './realtime/index.ts';
import { findInstance } from './realtime/instances.ts';
import { registerVoice } from './modules/voice/index.ts';
import { EventsRepo } from './modules/events/repo.ts';
import { EventsService } from './modules/events/service.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { PartiesRepo } from './modules/parties/repo.ts';
import { PartiesService } from './modules/parties/service.ts';
import { partyRoutes } from './modules/parties/routes.ts';
import { BlocksRepo } from './modules/blocks/repo.ts';
import { BlocksService } from './modules/blocks/service.ts';
import { blockRoutes } from './modules/blocks/routes.ts';
import { GreetingsService } from './modules/greetings/service.ts';
import { greetingRoutes } from './modules/greetings/routes.ts';
import { presentByScene, whereAre } from './realtime/liveCounts.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** "Now" for plans and renewals; tests pass a clock they advance. */
  clock?: Clock;
}

/**
 * Builds the whole HTTP application without listening, so tests drive it with `inject`. This is the
 * composition root: every module's repositories and services are built and wired here, and modules
 * reach each other only through what is handed to them (docs/ARCHITECTURE.md).
 */
export async function buildApp({ config, database, mailer, logStream, clock: givenClock }: AppDeps): Promise<FastifyInstance> {
  // A movable clock only when a test process asked for one (config refuses TEST_CLOCK outside NODE_ENV=test).
  const testClock = !givenClock && config.testClock ? new OffsetClock() : null;
  const clock: Clock = givenClock ?? testClock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // X-Forwarded-* count only from the configured proxies (TRUST_PROXY); per-IP limits depend on it.
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(errorsPlugin);
  // Background jobs of every module on one queue (pg-boss on PostgreSQL, in-process on PGlite):
  // defined while modules register, started once the app is ready, stopped before the database closes.
  const jobs = createJobQueue(config, app.log);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // First after errors: its timing hook must see every route registered after it.
  await app.register(metricsPlugin, { database, jobs, ...(config.metricsToken ? { token: config.metricsToken } : {}) });
  await app.register(requestTimeoutPlugin, { timeoutMs: config.requestTimeoutMs });
  await app.register(inputGuardPlugin);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);

  const log = app.log;
  const db = database.db;
  const resolvedMailer = mailer ?? createMailer(config.mail);
  const rateLimits = new RateLimits({ redisUrl: config.realtime.redisUrl, keyPrefix: config.realtime.redisKeyPrefix });
  app.addHook('onClose', () => rateLimits.close());
  const storage = createStorage(config.dataDir, config.storageUrl);

  // Plans decide roles, so they are built before sign-in: every request's role comes from the plan.
  // Hub events go out once realtime is registered further down.
  const publish: Publish = (userId, topic, payload) => {
    if (app.hasDecorator('realtime')) app.realtime?.notify(userId, topic, payload);
  };
  const slotsRepo = new SlotsRepo(db);
  const subscriptions = new SubscriptionsService({ db, repo: new SubscriptionsRepo(db), slots: slotsRepo, clock, publish });

  // Sign-in and req.actor; registered before every other module so they all see req.actor.
  const usersRepo = new UsersRepo(db);
  const apiKeys = new ApiKeysService(new ApiKeysRepo(db));
  const identity = await registerIdentity(app, {
    config,
    db,
    mailer: resolvedMailer,
    rateLimits,
    users: usersRepo,
    apiKeys,
    planRole: (userId) => subscriptions.roleFor(userId),
    jobs,
  });

  // People: profiles, follows, settings, API keys, the avatar choice.
  const followsRepo = new FollowsRepo(db);
  const users = new UsersService({
    db,
    repo: usersRepo,
    follows: followsRepo,
    storage,
    ...(identity.accounts ? { accounts: identity.accounts } : {}),
  });
  const follows = new FollowsService({ repo: followsRepo, users: usersRepo });
  const assetsRepo = new AssetsRepo(db);
  await app.register(async (scope) => {
    await userRoutes(scope, { users });
    followRoutes(scope, { follows });
    settingsRoutes(scope, { users });
    apiKeyRoutes(scope, { apiKeys });
    avatarRoutes(scope, { avatars: new AvatarsRepo(db), checkChoice: (userId, a) => checkAvatarChoice(assetsRepo, userId, a) });
  });

  // Spaces: the one read rule (sceneAccess), notifications other modules raise, and the modules
  // around publishing (slots, groups, social, explore) that share them.
  const access = new SceneAccess(db);
  const notifications = new NotificationsService(new NotificationsRepo(db));
  follows.onFollowed.push(async (follower, followeeId) => {
    await notifications.notify(followeeId, { type: 'follow', actorId: follower.userId, actorName: follower.name ?? '' });
  });
  const scenesRepo = new ScenesRepo(db);
  const cmsRepo = new CmsRepo(db);
  const seoRepo = new SeoRepo(db);
  const slots = new SlotsService({ db, repo: slotsRepo, notifications, clock });
  const groupsRepo = new GroupsRepo(db);
  const groups = new GroupsService({ repo: groupsRepo, storage, districtAccess: new DistrictAccess(db) });
  const groupInvitations = new GroupInvitationsService({
    repo: new GroupInvitationsRepo(db),
    groups,
    groupsRepo,
    districtAccess: new DistrictAccess(db),
    notify: (to, { actor, invitation: i }) =>
      notifications.notify(to, {
        type: 'groupInvite',
        actorId: actor.userId,
        actorName: actor.name ?? '',
        groupId: i.groupId,
        groupTitle: i.groupTitle,
        ...(i.districtId && i.districtSubdomain ? { districtId: i.districtId, districtUrl: districtUrl(config.publicUrl, i.districtSubdomain) } : {}),
      }),
  });
  const districts = new DistrictsService({
    repo: new DistrictsRepo(db),
    access: new DistrictAccess(db),
    mailer: resolvedMailer,
    publicUrl: config.publicUrl,
    now: () => clock.now(),
  });
  // The district home's categories, logo and cover; district follows (which notify the owner).
  const districtPages = new DistrictPagesService({ districts: new DistrictsRepo(db), pages: new DistrictPagesRepo(db), access: new DistrictAccess(db), storage });
  const districtFollows = new DistrictFollowsService({ repo: new DistrictFollowsRepo(db), districts });
  districtFollows.onFollowed.push(async (follower, d) => {
    await notifications.notify(d.owner.userId, {
      type: 'districtFollow',
      actorId: follower.userId,
      actorName: follower.name ?? '',
      districtId: d.districtId,
      districtTitle: d.title,
      districtUrl: d.url,
    });
  });
  // Hosting and promotion requests: the Owner hears of each new one, the requester of the answer.
  const districtRequests = new DistrictRequestsService({
    repo: new DistrictRequestsRepo(db),
    districts: new DistrictsRepo(db),
    access: new DistrictAccess(db),
    scenes: access,
    publicUrl: config.publicUrl,
    now: () => clock.now(),
    notify: (n) =>
      notifications.notify(n.to, {
        type: n.type,
        ...(n.type === 'districtRequest' ? { actorId: n.actor.userId, actorName: n.actor.name ?? '' } : { accepted: n.accepted }),
        sceneId: n.sceneId,
        sceneTitle: n.sceneTitle,
        requestKind: n.kind,
        districtId: n.district.id,
        districtTitle: n.district.title,
        districtUrl: n.district.url,
      }),
  });
  const ledger = new MarketplaceRepo(db);
  // Called only once a request comes, after districtSubmissionRepo below exists.
  const marketplace = new MarketplaceService({ db, repo: ledger, districtTemplates: (userId) => districtSubmissionRepo.premadesUsableBy(userId) });
  const paymentProvider = createPaymentProvider(config);
  // District slots and the setup wizard's paid submission (district, slots and credits in one transaction).
  const districtSlotsRepo = new DistrictSlotsRepo(db);
  const districtSlots = new DistrictSlotsService({ repo: districtSlotsRepo, districts: new DistrictsRepo(db), access: new DistrictAccess(db), now: () => clock.now() });
  const districtSubmissionRepo = new DistrictSubmissionRepo(db, districtSlotsRepo, ledger);
  const districtSubmission = new DistrictSubmissionService({
    repo: districtSubmissionRepo,
    districts: new DistrictsRepo(db),
    slots: districtSlotsRepo,
    access: new DistrictAccess(db),
    publicUrl: config.publicUrl,
    onPaid: (userId) => void ledger.walletBalance(userId).then((availableBalance) => publish(userId, 'Wallet', { availableBalance })),
  });
  subscriptions.renewer = {
    renews: (row) => row.provider === 'builtin',
    setAutoRenew: async (row, on) => {
      if (row.provider === 'stripe' && row.externalId && paymentProvider.name === 'stripe') await paymentProvider.setAutoRenew(row.externalId, on);
    },
  };
  const paymentsRepo = new PaymentsRepo(db);
  const webhook = new WebhookHandler({ db, repo: paymentsRepo, ledger, subscriptions, provider: paymentProvider, clock, publish });
  const payments = new PaymentsService({ db, repo: paymentsRepo, ledger, provider: paymentProvider, webhook, subscriptions, clock, publish });
  const publishing = new PublishingService({ db, repo: new PublishingRepo(db, slotsRepo), scenes: scenesRepo, slots, access, groups, districtSlots });
  const commentLimiter = rateLimits.limiter('comments', {
    points: SOCIAL_LIMITS.commentRateMax,
    duration: SOCIAL_LIMITS.commentRateWindowMs / 1000,
  });
  const social = new SocialService({ repo: new SocialRepo(db), scenes: scenesRepo, access, notifications, commentLimiter });
  const eventsRepo = new EventsRepo(db);
  const explore = new ExploreService(new ExploreRepo(db), {
    scenes: scenesRepo,
    access,
    // "Happening now": events on now and people in spaces now (realtime's listings, shared over Redis).
    happening: { liveEvents: (limit) => eventsRepo.liveScenes(clock.now(), limit), present: presentByScene },
  });
  const contact = new ContactService({ repo: new ContactRepo(db), mailer: resolvedMailer, inbox: config.mail.contactInbox, log });
  const events = new EventsService({
    repo: eventsRepo,
    scenes: scenesRepo,
    access,
    now: () => clock.now(),
    remind: (userId, r) => notifications.notify(userId, { type: 'eventReminder', ...r }),
  });
  // The block list: the one rule party invitations, greetings and direct messages ask.
  const blocksRepo = new BlocksRepo(db);
  const blocks = new BlocksService(blocksRepo);
  const assertCanReach = (fromId: string, toId: string) => blocks.assertCanReach(fromId, toId);
  const greetings = new GreetingsService({
    assertCanReach,
    userExists: (id) => blocksRepo.userExists(id),
    notify: (toId, from) => notifications.notify(toId, { type: 'greet', actorId: from.userId, actorName: from.name ?? '' }),
    perPerson: rateLimits.limiter('greet-person', { points: 1, duration: GREET_LIMITS.perPersonWindowMs / 1000 }),
    perGreeter: rateLimits.limiter('greet', { points: GREET_LIMITS.perMinute, duration: 60 }),
  });
  const parties = new PartiesService({
    repo: new PartiesRepo(db),
    assertCanReach,
    whereAre: async (viewer, userIds) => {
      const found = await whereAre(userIds);
      const readable = new Set(await access.readableIds(viewer, [...new Set([...found.values()].map((w) => w.sceneId))]));
      return new Map([...found].filter(([, w]) => readable.has(w.sceneId)));
    },
    changed: (userIds, partyId) => {
      if (app.hasDecorator('realtime')) app.realtime?.toUsers(userIds, HUB_EVENTS.partyChanged, { partyId });
    },
    invited: (inviteeId, from) => notifications.notify(inviteeId, { type: 'partyInvite', actorId: from.userId, actorName: from.name ?? '' }),
  });
  const readGuard = (actor: Parameters<typeof access.assertRead>[0], row: Parameters<typeof access.assertRead>[1]) =>
    access.assertRead(actor, row);
  const ownerScenes = new OwnerScenesService({
    repo: scenesRepo,
    storage,
    readGuard,
    ownerGuard: (actor, row) => access.assertOwner(actor, row),
    // Bought, or a premade space of one of the districts the person builds in (MarketplaceService).
    templateGuard: (actor, spaceTemplateId) => marketplace.assertTemplateUsable(actor, spaceTemplateId),
  });

  await app.register(async (scope) => {
    healthRoutes(scope, { database });
    contactRoutes(scope, { contact, contactRateMax: config.rateLimit.contactMax });
    cmsRoutes(scope, { cms: new CmsService(cmsRepo), repo: cmsRepo, publicUrl: config.publicUrl });
    cmsContentRoutes(scope, { content: new CmsContentService(cmsRepo, new CmsContentRepo(db)) });
    seoRoutes(scope, { cms: cmsRepo, seo: seoRepo, publicUrl: config.publicUrl });
    slotRoutes(scope, { slots });
    districtSlotRoutes(scope, { submission: districtSubmission, slots: districtSlots });
    marketplaceRoutes(scope, { marketplace });
    await paymentRoutes(scope, { payments, webhook });
    subscriptionRoutes(scope, { subscriptions });
    jobs.every('subscription-renewals', SUBSCRIPTIONS.renewJobIntervalMs, () => subscriptions.runDue());
    publishingRoutes(scope, { publishing });
    groupRoutes(scope, { groups, invitations: groupInvitations });
    await scope.register((s) => groupImageRoutes(s, { groups }));
    // Own scope: its multipart parser must not reach the JSON-only routes beside it.
    await scope.register((s) => districtRoutes(s, { districts, publicUrl: config.publicUrl }));
    await scope.register((s) => districtPageRoutes(s, { pages: districtPages }));
    districtFollowRoutes(scope, { follows: districtFollows });
    districtRequestRoutes(scope, { requests: districtRequests });
    socialRoutes(scope, { social });
    exploreRoutes(scope, { explore });
    notificationRoutes(scope, { notifications });
    eventRoutes(scope, { events });
    partyRoutes(scope, { parties });
    blockRoutes(scope, { blocks });
    greetingRoutes(scope, { greetings });
    jobs.every('event-reminders', EVENT_LIMITS.reminderJobIntervalMs, () => events.sendDueReminders());
    jobs.every('slot-expiry', SLOTS.expiryJobIntervalMs, () => slots.expireDue());
    if (testClock)
      testClockRoutes(scope, {
        advance: (ms) => testClock.advance(ms),
        now: () => testClock.now(),
        runDue: async () => ({ ...(await subscriptions.runDue()), slotsExpired: await slots.expireDue() }),
      });
    jobs.every('explore-ranks', RECOMMENDED_BOUNDS.refreshEveryMs, () => explore.refreshRanks());
    sceneRoutes(scope, { scenes: new ScenesService(scenesRepo, readGuard) });
    // Own scope: its multipart parser must not reach the JSON-only routes beside it.
    await scope.register((s) =>
      ownerSceneRoutes(s, {
        scenes: ownerScenes,
      }),
    );
  });
  app.decorate('notifications', notifications);

  // Space instances and hubs share this HTTP server; the viewer works without them if they fail.
  app.decorate('realtime', await registerRealtime(app, {
      config,
      db,
      authenticate: identity.authenticate,
      access,
      notifications,
      gatherings: {
        liveEvent: (sceneId) => events.liveIn(sceneId),
        followersOf: (userId) => parties.followersOf(userId),
        partyOf: (userId) => parties.membersOf(userId),
      },
      assertCanReach,
    }));
  await registerVoice(app, {
    db,
    janus: config.voice.janus,
    iceServers: config.voice.iceServers,
    scenes: scenesRepo,
    access,
    canTalk: async (actor, sceneId) => (await publishing.communication(actor, sceneId)).allowed,
    instance: findInstance,
    liveEvent: (sceneId) => events.liveIn(sceneId),
  });

  const assets = await registerAssets(app, { db, storage, users, access, jobs });
  await registerImports(app, {
    assets,
    scenes: ownerScenes,
    canUseTemplate: (actor, spaceTemplateId) => marketplace.canUseTemplate(actor, spaceTemplateId),
  });

  // Pages on {subdomain}.{public host} are the district's (modules/districts/hosts.ts).
  registerDistrictHosts(app, {
    publicUrl: config.publicUrl,
    exists: (sub) => districts.exists(sub),
    invitationSubdomain: (id) => districts.invitationSubdomain(id),
  });
  await app.register(staticFilesPlugin);
  await app.register(webPlugin, { webDist: config.webDist, publicUrl: config.publicUrl, metaFor: pageMeta({ cms: cmsRepo, seo: seoRepo }) });
  return app;
}
