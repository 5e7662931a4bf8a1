import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sceneIdParams, voiceBroadcastToken, voiceMuteBody, voiceMutes, voiceStatus, voiceToken, voiceTokenBody } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { VoiceService } from './service.ts';

/** Voice (issue 20): the spec names no route, so these live under /api/voice. */
export function voiceRoutes(app: FastifyInstance, deps: { voice: VoiceService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const v = deps.voice;
  const tags = ['voice'];

  r.get(
    '/api/voice/status',
    { schema: { tags, description: 'Whether this server has voice (a Janus it can reach).', response: { 200: voiceStatus } } },
    async () => v.status(),
  );
  r.post(
    '/api/voice/token',
    {
      schema: {
        tags,
        body: voiceTokenBody,
        description:
          'A one-minute token for the voice room of the space instance the caller is in; refreshed while in the call. 403 COMMUNICATIONS_DISABLED when the communication list leaves the caller out, VOICE_MUTED when the owner muted them, 404 when they are not in that instance, 503 VOICE_NOT_SET_UP without Janus.',
        response: { 200: voiceToken },
        errors: ['NOT_FOUND', 'SPACE_ACCESS_DENIED', 'COMMUNICATIONS_DISABLED', 'VOICE_MUTED', 'VOICE_NOT_SET_UP'],
      },
    },
    async (req) => v.token(requireActor(req), req.body),
  );
  r.post(
    '/api/voice/broadcast',
    {
      schema: {
        tags,
        body: voiceTokenBody,
        description:
          "During a live event, a one-minute token for the event's voice room, shared by every instance of the space: the host's may publish (role host), everyone else's only listens (role listener; the proxy refuses publishing with it). 404 when no event is on or the caller is not in that instance, 403 COMMUNICATIONS_DISABLED when the communication list leaves the caller out, 503 VOICE_NOT_SET_UP without Janus.",
        response: { 200: voiceBroadcastToken },
        errors: ['NOT_FOUND', 'SPACE_ACCESS_DENIED', 'COMMUNICATIONS_DISABLED', 'VOICE_NOT_SET_UP'],
      },
    },
    async (req) => v.broadcastToken(requireActor(req), req.body),
  );
  r.get(
    '/api/voice/mute/:id',
    { schema: { tags, params: sceneIdParams, description: 'Visitors the owner muted in this space.', response: { 200: voiceMutes }, errors: ['NOT_FOUND', 'FORBIDDEN'] } },
    async (req) => v.mutes(requireActor(req), req.params.id),
  );
  r.post(
    '/api/voice/mute/:id',
    {
      schema: {
        tags,
        params: sceneIdParams,
        body: voiceMuteBody,
        description: 'The space owner mutes a visitor for everyone (no voice token, removed from the voice rooms) or lifts it.',
        response: { 200: voiceMutes },
        errors: ['NOT_FOUND', 'FORBIDDEN'],
      },
    },
    async (req) => v.setMuted(requireActor(req), req.params.id, req.body.userId, req.body.muted),
  );
}
