import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  communicationKey,
  createDirectMessageGroupBody,
  directMessage,
  directMessageGroup,
  directMessagePage,
  sceneLiveCount,
  REALTIME_PROTOCOL_VERSION,
} from '@atrium/shared';
import type { Actor } from '../plugins/actor.ts';
import { requireActor } from '../plugins/auth.ts';
import type { SceneAccess } from '../modules/sceneAccess/access.ts';
import type { DirectMessagesService } from './directMessages/service.ts';
import { liveSnapshot, sceneLive } from './liveCounts.ts';
import { noContent } from '@atrium/shared/http';

const groupParams = z.object({ id: z.uuid() });

/** Spec §7 Communication service (directmessagegroup …, key) and live counts. */
export function realtimeRoutes(
  app: FastifyInstance,
  deps: {
    directMessages: DirectMessagesService;
    authenticate: (token: string) => Promise<Actor>;
    /** Counts are given only for spaces the caller may read. */
    access: SceneAccess;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { directMessages: dms } = deps;
  const tags = ['communication'];

  r.get('/api/directmessagegroup', { schema: { tags, response: { 200: z.array(directMessageGroup) } } }, async (req) =>
    dms.list(requireActor(req)),
  );
  r.post(
    '/api/directmessagegroup',
    { schema: { tags, body: createDirectMessageGroupBody, response: { 200: directMessageGroup }, errors: ['BAD_REQUEST', 'NOT_FOUND', 'BLOCKED'] } },
    async (req) => dms.create(requireActor(req), req.body),
  );
  r.get(
    '/api/directmessagegroup/:id',
    { schema: { tags, params: groupParams, response: { 200: directMessageGroup } } },
    async (req) => dms.get(requireActor(req), req.params.id),
  );
  r.delete('/api/directmessagegroup/:id', { schema: { tags, params: groupParams, response: { 204: noContent } } }, async (req, reply) => {
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
    { schema: { tags, params: groupParams, body: z.object({ text: z.string() }), response: { 200: directMessage }, errors: ['BLOCKED'] } },
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
    {
      // Documented so the web reaches it through the generated client like every other path.
      config: { swagger: { exposeHeadRoute: true } },
      schema: {
        tags,
        querystring: z.object({ access_token: z.string().max(8192).optional() }),
        // HEAD answers carry no body, the refusal included.
        response: { 204: noContent, 401: noContent },
      },
    },
    async (req, reply) => {
      const token = req.query.access_token;
      const actor = req.actor ?? (token ? await deps.authenticate(token).catch(() => null) : null);
      return reply.code(actor ? 204 : 401).send();
    },
  );

  // Explore's total and the space cards' "first 2 avatars then +N", for the spaces the caller may read.
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
      const asked = (req.query.sceneIds ?? '').split(',').filter(Boolean).slice(0, 100);
      // A private or draft space's count would tell it exists (and when someone is in it).
      const ids = await deps.access.readableIds(req.actor, asked);
      const snap = await liveSnapshot();
      return {
        total: snap.total,
        scenes: ids.map((sceneId) => sceneLive(snap, sceneId)),
      };
    },
  );
}
