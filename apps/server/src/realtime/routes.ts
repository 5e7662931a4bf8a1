import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarAppearance,
  communicationKey,
  createDirectMessageGroupBody,
  defaultAvatarFor,
  directMessage,
  directMessageGroup,
  directMessagePage,
  sceneLiveCount,
  REALTIME_PROTOCOL_VERSION,
} from '@atrium/shared';
import type { Actor } from '../modules/users/actor.ts';
import { requireActor } from '../modules/users/routes.ts';
import type { AssetsRepo } from '../modules/assets/repo.ts';
import { checkAvatarChoice } from './avatarChoice.ts';
import type { AvatarsRepo } from './avatarsRepo.ts';
import type { DirectMessagesService } from './directMessages/service.ts';
import { liveSnapshot, sceneLive } from './liveCounts.ts';

const groupParams = z.object({ id: z.uuid() });

/** Spec §7 Communication service (directmessagegroup …, key), the avatar choice and live counts. */
export function realtimeRoutes(
  app: FastifyInstance,
  deps: { directMessages: DirectMessagesService; avatars: AvatarsRepo; assets: AssetsRepo; authenticate: (token: string) => Promise<Actor> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { directMessages: dms, avatars } = deps;
  const tags = ['communication'];

  r.get('/api/directmessagegroup', { schema: { tags, response: { 200: z.array(directMessageGroup) } } }, async (req) =>
    dms.list(requireActor(req)),
  );
  r.post(
    '/api/directmessagegroup',
    { schema: { tags, body: createDirectMessageGroupBody, response: { 200: directMessageGroup } } },
    async (req) => dms.create(requireActor(req), req.body),
  );
  r.get(
    '/api/directmessagegroup/:id',
    { schema: { tags, params: groupParams, response: { 200: directMessageGroup } } },
    async (req) => dms.get(requireActor(req), req.params.id),
  );
  r.delete('/api/directmessagegroup/:id', { schema: { tags, params: groupParams } }, async (req, reply) => {
    await dms.leave(requireActor(req), req.params.id);
    return reply.code(204).send();
  });
  r.get(
    '/api/directmessagegroup/:id/messages',
    {
      schema: {
        tags,
        params: groupParams,
        querystring: z.object({ before: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
        response: { 200: directMessagePage },
      },
    },
    async (req) => dms.history(requireActor(req), req.params.id, req.query.before, req.query.limit),
  );
  // The same as the hub method, for clients whose socket is down: the message is stored and delivered live.
  r.post(
    '/api/directmessagegroup/:id/messages',
    { schema: { tags, params: groupParams, body: z.object({ text: z.string() }), response: { 200: directMessage } } },
    async (req) => dms.send(requireActor(req), req.params.id, req.body.text),
  );

  // Spec §7/§8: GET the key for a hub, HEAD it (with ?access_token=) after a failed hub connect to
  // tell an expired sign-in (401, stop) from an unreachable service (retry).
  r.get(
    '/api/communication/key',
    { exposeHeadRoute: false, schema: { tags, response: { 200: communicationKey } } },
    async (req) => ({ protocol: REALTIME_PROTOCOL_VERSION, userId: requireActor(req).userId }),
  );
  r.head(
    '/api/communication/key',
    { schema: { tags, querystring: z.object({ access_token: z.string().max(8192).optional() }) } },
    async (req, reply) => {
      const token = req.query.access_token;
      const actor = req.actor ?? (token ? await deps.authenticate(token).catch(() => null) : null);
      return reply.code(actor ? 204 : 401).send();
    },
  );

  r.get('/api/user/my/avatar', { schema: { tags: ['user'], response: { 200: avatarAppearance } } }, async (req) => {
    const actor = requireActor(req);
    return (await avatars.get(actor.userId)) ?? defaultAvatarFor(actor.userId);
  });
  r.put(
    '/api/user/my/avatar',
    { schema: { tags: ['user'], body: avatarAppearance, response: { 200: avatarAppearance } } },
    async (req) => {
      const { userId } = requireActor(req);
      const choice = await checkAvatarChoice(deps.assets, userId, req.body);
      await avatars.set(userId, choice);
      return choice;
    },
  );

  // Public: Explore's total and the space cards' "first 2 avatars then +N".
  r.get(
    '/api/live',
    {
      schema: {
        tags,
        querystring: z.object({ sceneIds: z.string().max(4000).optional() }),
        response: {
          200: z.object({
            total: z.number().int(),
            scenes: z.array(sceneLiveCount),
          }),
        },
      },
    },
    async (req) => {
      const snap = await liveSnapshot();
      const ids = (req.query.sceneIds ?? '').split(',').filter(Boolean).slice(0, 100);
      return {
        total: snap.total,
        scenes: ids.map((sceneId) => sceneLive(snap, sceneId)),
      };
    },
  );
}
