import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  districtIdParams,
  districtPageQuery,
  districtRequestBody,
  districtRequestDecisionParams,
  districtRequestList,
  districtRequestParams,
  districtRequestQuery,
  districtRequestSceneParams,
  districtRequestView,
  districtSpaces,
  promotionSettings,
  promotionSettingsPatch,
} from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { requireActor } from '../../plugins/auth.ts';
import type { DistrictRequestsService } from './requests.ts';

/** Spec §2 District page: Hosting Requests, Promoted, Promotion Requests, Promotion Settings. */
export function districtRequestRoutes(app: FastifyInstance, deps: { requests: DistrictRequestsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const q = deps.requests;
  const tags = ['districts'];
  const denied = ['DISTRICT_ACCESS_DENIED'] as const;

  r.post(
    '/api/district/:id/requests/:kind',
    {
      schema: {
        tags,
        params: districtRequestParams,
        body: districtRequestBody,
        description:
          "Asks the district to host one of the caller's published spaces, or to promote one it shows. The district's Owner's own request is accepted at once. 409 while a request waits or once accepted; a refused one can be asked again.",
        response: { 201: districtRequestView },
        errors: [...denied, 'FORBIDDEN', 'CONFLICT'],
      },
    },
    async (req, reply) => reply.code(201).send(await q.request(requireActor(req), req.params.id, req.params.kind, req.body.sceneId)),
  );
  r.get(
    '/api/district/:id/requests/:kind',
    {
      schema: {
        tags,
        params: districtRequestParams,
        querystring: districtRequestQuery,
        description: 'Hosting Requests or Promotion Requests in one state (pending by default), newest first; Owner only.',
        response: { 200: districtRequestList },
        errors: [...denied, 'FORBIDDEN'],
      },
    },
    async (req) => q.list(requireActor(req), req.params.id, req.params.kind, req.query),
  );
  r.get(
    '/api/district/:id/requests/:kind/mine',
    {
      schema: {
        tags,
        params: districtRequestParams,
        description: "The caller's requests to this district about their own spaces, in every state.",
        response: { 200: districtRequestList },
        errors: [...denied],
      },
    },
    async (req) => q.mine(requireActor(req), req.params.id, req.params.kind),
  );
  r.post(
    '/api/district/:id/requests/:kind/:requestId/:decision',
    {
      schema: {
        tags,
        params: districtRequestDecisionParams,
        description: 'The Owner accepts or refuses a pending request; the requester is notified. 409 when it was already answered.',
        response: { 200: districtRequestView },
        errors: [...denied, 'FORBIDDEN', 'CONFLICT'],
      },
    },
    async (req) => q.decide(requireActor(req), req.params.id, req.params.kind, req.params.requestId, req.params.decision),
  );
  r.delete(
    '/api/district/:id/requests/:kind/:sceneId',
    {
      schema: {
        tags,
        params: districtRequestSceneParams,
        description: "Withdraws a request or ends a hosting or promotion: the Owner for any space, a space's owner for their own.",
        response: { 204: noContent },
        errors: [...denied],
      },
    },
    async (req, reply) => {
      await q.remove(requireActor(req), req.params.id, req.params.kind, req.params.sceneId);
      return reply.code(204).send();
    },
  );
  r.get(
    '/api/district/:id/spaces/promoted',
    {
      schema: {
        tags,
        params: districtIdParams,
        querystring: districtPageQuery,
        description: 'Promoted: the spaces the district promotes that the caller may read, latest first (the home shows Promotion Settings\' promotedOnHome of them).',
        response: { 200: districtSpaces },
        errors: [...denied],
      },
    },
    async (req) => q.promoted(req.actor, req.params.id, req.query),
  );
  r.get(
    '/api/district/:id/promotion-settings',
    { schema: { tags, params: districtIdParams, description: 'Promotion Settings, for whoever may enter the district.', response: { 200: promotionSettings }, errors: [...denied] } },
    async (req) => q.settings(req.actor, req.params.id),
  );
  r.patch(
    '/api/district/:id/promotion-settings',
    {
      schema: {
        tags,
        params: districtIdParams,
        body: promotionSettingsPatch,
        description: 'Promotion Settings (Owner only): whether others may ask for promotion, and how many promoted spaces the home shows (0 to 12).',
        response: { 200: promotionSettings },
        errors: [...denied, 'FORBIDDEN'],
      },
    },
    async (req) => q.setSettings(requireActor(req), req.params.id, req.body),
  );
}
