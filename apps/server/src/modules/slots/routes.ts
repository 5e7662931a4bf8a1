import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slotSummary, slotView } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { SlotsService } from './service.ts';

/** Spec §7 Scene service: slot (my, me, available, {id}). */
export function slotRoutes(app: FastifyInstance, deps: { slots: SlotsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['slots'];
  r.get('/api/slot/my', { schema: { tags, response: { 200: z.array(slotView) } } }, async (req) =>
    deps.slots.my(requireActor(req)),
  );
  r.get(
    '/api/slot/me',
    { schema: { tags, description: 'Counts of the caller’s slots and the trial slot’s expiry.', response: { 200: slotSummary } } },
    async (req) => deps.slots.me(requireActor(req)),
  );
  r.get(
    '/api/slot/available',
    { schema: { tags, description: 'Empty, unexpired slots a space can be published into.', response: { 200: z.array(slotView) } } },
    async (req) => deps.slots.available(requireActor(req)),
  );
  r.get(
    '/api/slot/:id',
    { schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: slotView } } },
    async (req) => deps.slots.byId(requireActor(req), req.params.id),
  );
}
