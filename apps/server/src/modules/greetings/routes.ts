import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { greetResult, userIdParams } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { GreetingsService } from './service.ts';

/** The creator card's Greet: a notification to the greeted person (issue 20). */
export function greetingRoutes(app: FastifyInstance, deps: { greetings: GreetingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/greet/:id',
    {
      schema: {
        tags: ['social'],
        params: userIdParams,
        description: 'Greets a person: they get a "waved at you" notification. 403 BLOCKED between blocked people, 429 when repeated within a minute.',
        response: { 200: greetResult },
        errors: ['BAD_REQUEST', 'BLOCKED', 'RATE_LIMITED'],
      },
    },
    async (req) => deps.greetings.greet(requireActor(req), req.params.id),
  );
}
