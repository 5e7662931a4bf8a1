import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comingSoonBody, comingSoonResult, contactBody, contactResult } from '@atrium/shared';
import type { ContactService } from './service.ts';

export function contactRoutes(app: FastifyInstance, deps: { contact: ContactService; contactRateMax: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Tighter per-IP limits than the global one: these are the spam targets.
  const rateLimit = { max: deps.contactRateMax, timeWindow: '1 minute' };
  r.post(
    '/api/contactus/send',
    {
      config: { rateLimit },
      schema: { tags: ['mail'], body: contactBody, response: { 201: contactResult } },
    },
    async (req, reply) => reply.code(201).send(await deps.contact.send(req.body, req.ip)),
  );
  r.post(
    '/api/comingsoon/subscribe',
    {
      config: { rateLimit },
      schema: { tags: ['mail'], body: comingSoonBody, response: { 200: comingSoonResult } },
    },
    async (req) => deps.contact.subscribe(req.body),
  );
}
