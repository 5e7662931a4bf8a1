import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  rsvpBody,
  rsvpListItem,
  rsvpStatus,
  sceneEventBody,
  sceneEventParams,
  sceneEventPatch,
  sceneEventView,
  sceneIdParams,
} from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { requireActor } from '../../plugins/auth.ts';
import type { EventsService } from './service.ts';

/** Issue 20 events, named like spec §7 Social's scenecomment: sceneevent/scene/{id} and sceneevent/{id}. */
export function eventRoutes(app: FastifyInstance, deps: { events: EventsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const e = deps.events;
  const tags = ['events'];

  r.get(
    '/api/sceneevent/scene/:id',
    {
      schema: {
        tags,
        params: sceneIdParams,
        description: 'Live and upcoming events of a space, soonest first.',
        response: { 200: z.array(sceneEventView) },
        errors: ['SPACE_ACCESS_DENIED'],
      },
    },
    async (req) => e.list(req.actor, req.params.id),
  );
  r.post(
    '/api/sceneevent/scene/:id',
    {
      schema: {
        tags,
        params: sceneIdParams,
        body: sceneEventBody,
        description: "The space's owner schedules an event.",
        response: { 201: sceneEventView },
        errors: ['CONFLICT', 'FORBIDDEN'],
      },
    },
    async (req, reply) => reply.code(201).send(await e.create(requireActor(req), req.params.id, req.body)),
  );
  r.get(
    '/api/sceneevent/:id',
    {
      schema: {
        tags,
        params: sceneEventParams,
        response: { 200: sceneEventView },
        errors: ['SPACE_ACCESS_DENIED'],
      },
    },
    async (req) => e.get(req.actor, req.params.id),
  );
  r.patch(
    '/api/sceneevent/:id',
    {
      schema: {
        tags,
        params: sceneEventParams,
        body: sceneEventPatch,
        response: { 200: sceneEventView },
        errors: ['FORBIDDEN'],
      },
    },
    async (req) => e.update(requireActor(req), req.params.id, req.body),
  );
  r.put(
    '/api/sceneevent/:id/rsvp',
    {
      schema: {
        tags,
        params: sceneEventParams,
        body: rsvpBody,
        description: 'RSVP: going or not going (answering again replaces the answer); 409 once the event is over.',
        response: { 200: rsvpStatus },
        errors: ['CONFLICT', 'SPACE_ACCESS_DENIED'],
      },
    },
    async (req) => e.rsvp(requireActor(req), req.params.id, req.body),
  );
  r.get(
    '/api/sceneevent/:id/rsvp',
    {
      schema: {
        tags,
        params: sceneEventParams,
        description: "Who answered the event's RSVP, newest first: the space owner's list.",
        response: { 200: z.array(rsvpListItem) },
        errors: ['FORBIDDEN'],
      },
    },
    async (req) => e.answers(requireActor(req), req.params.id),
  );
  r.delete(
    '/api/sceneevent/:id',
    { schema: { tags, params: sceneEventParams, response: { 204: noContent }, errors: ['FORBIDDEN'] } },
    async (req, reply) => {
      await e.remove(requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
