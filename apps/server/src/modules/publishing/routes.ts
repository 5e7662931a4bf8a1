import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLists,
  communicationAccess,
  moveBody,
  mySceneMetadata,
  publishBody,
  PUBLISH_LIMITS,
  sceneCard,
  sceneIdParams,
  visibilityBody,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { PublishingService } from './service.ts';
import { noContent } from '@atrium/shared/http';

const aclIds = z.array(z.uuid()).max(PUBLISH_LIMITS.aclMax);
const aclBody = z.strictObject({
  privacyACLEnabled: z.boolean(),
  userPrivacyACL: aclIds,
  groupPrivacyACL: aclIds.default([]),
  communicationACLEnabled: z.boolean(),
  userCommunicationACL: aclIds,
  groupCommunicationACL: aclIds.default([]),
});

/** Spec §7: sceneactions/{id}/publish, /delete, /unpublish, scene/metadata/{id}/visibility, sceneaccess. */
export function publishingRoutes(app: FastifyInstance, deps: { publishing: PublishingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = deps.publishing;
  const tags = ['publishing'];
  const params = sceneIdParams;

  r.post(
    '/api/sceneactions/:id/publish',
    {
      schema: {
        tags,
        params,
        body: publishBody,
        description:
          'Publishes (or republishes) the draft into one of the caller’s slots: the draft document becomes the live one. 404 for someone else’s draft or slot (403 for their visible space), 409 SLOT_TAKEN / NO_AVAILABLE_SLOT, 400 when tags break the 3–10 rule.',
        response: { 200: sceneCard },
        errors: ['FORBIDDEN', 'SLOT_TAKEN', 'NO_AVAILABLE_SLOT', 'PLAN_REQUIRED'],
      },
    },
    async (req) => p.publish(requireActor(req), req.params.id, req.body),
  );
  r.post(
    '/api/sceneactions/:id/unpublish',
    { schema: { tags, params, response: { 200: sceneCard }, errors: ['FORBIDDEN'] } },
    async (req) => p.unpublish(requireActor(req), req.params.id),
  );
  r.post(
    '/api/sceneactions/:id/move',
    { schema: { tags, params, body: moveBody, response: { 200: sceneCard }, errors: ['FORBIDDEN', 'CONFLICT', 'SLOT_TAKEN', 'NO_AVAILABLE_SLOT'] } },
    async (req) => p.move(requireActor(req), req.params.id, req.body.slotId),
  );
  r.post(
    '/api/sceneactions/:id/duplicate',
    { schema: { tags, params, response: { 201: mySceneMetadata }, errors: ['FORBIDDEN', 'DRAFTS_LIMIT_REACHED'] } },
    async (req, reply) => reply.code(201).send(await p.duplicate(requireActor(req), req.params.id)),
  );
  const remove = { schema: { tags, params, response: { 204: noContent }, errors: ['FORBIDDEN'] as const } };
  r.post('/api/sceneactions/:id/delete', remove, async (req, reply) => {
    await p.delete(requireActor(req), req.params.id);
    return reply.code(204).send();
  });
  r.patch(
    '/api/scene/metadata/:id/visibility',
    { schema: { tags, params, body: visibilityBody, response: { 200: sceneCard }, errors: ['FORBIDDEN'] } },
    async (req) => p.setVisible(requireActor(req), req.params.id, req.body.visible),
  );
  r.get(
    '/api/sceneaccess/:id',
    { schema: { tags, params, response: { 200: accessLists }, errors: ['FORBIDDEN'] } },
    async (req) => p.accessLists(requireActor(req), req.params.id),
  );
  r.put(
    '/api/sceneaccess/:id',
    { schema: { tags, params, body: aclBody, response: { 200: accessLists }, errors: ['FORBIDDEN', 'PLAN_REQUIRED'] } },
    async (req) => p.setAccessLists(requireActor(req), req.params.id, req.body),
  );
  r.get(
    '/api/sceneaccess/:id/communication',
    {
      schema: {
        tags,
        params,
        description: 'The communication list of a space and whether the caller may talk there (for realtime).',
        response: { 200: communicationAccess },
        errors: ['SPACE_ACCESS_DENIED'],
      },
    },
    async (req) => p.communication(req.actor, req.params.id),
  );
}
