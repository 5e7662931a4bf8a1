import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtIdParams, idempotencyHeaders } from '@atrium/shared';
import {
  districtItemView,
  districtPurchasesView,
  districtSlotView,
  districtSubmitBody,
  districtSubmitResult,
  districtUpgradeBody,
  districtUpgradeResult,
} from '@atrium/shared/districts/submission';
import { requireActor } from '../../plugins/auth.ts';
import type { DistrictSlotsService } from './slots.ts';
import type { DistrictSubmissionService } from './submission.ts';

/** The setup and upgrade wizards' submissions and district slots (spec §4 Submission, §3 Slot districtSlot, §7 district items, purchase/district/{id}). */
export function districtSlotRoutes(app: FastifyInstance, deps: { submission: DistrictSubmissionService; slots: DistrictSlotsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['districts'];
  r.post(
    '/api/districts/submission',
    {
      schema: {
        tags,
        description:
          'The setup wizard’s submit, after any card checkout: creates the district (Pro only) with its theme and slots and pays the added slots with credits, all or nothing. totalCoin must equal the cart’s price; the same Idempotency-Key again answers with the first result and charges nothing.',
        headers: idempotencyHeaders,
        body: districtSubmitBody,
        response: { 201: districtSubmitResult },
        errors: ['UNAUTHENTICATED', 'PLAN_REQUIRED', 'VALIDATION_FAILED', 'BAD_REQUEST', 'SUBDOMAIN_TAKEN', 'INSUFFICIENT_CREDITS', 'CONFLICT'],
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      return reply.code(201).send(await deps.submission.submit(actor, req.headers['idempotency-key'], req.body));
    },
  );
  r.post(
    '/api/district/:id/submission',
    {
      schema: {
        tags,
        description:
          'The upgrade wizard’s submit (Owner, Pro), after any card checkout: adds slots and buys premade spaces for the district, paid with credits, all or nothing. totalCoin must equal the cart’s price; the same Idempotency-Key again answers with the first result and charges nothing.',
        params: districtIdParams,
        headers: idempotencyHeaders,
        body: districtUpgradeBody,
        response: { 200: districtUpgradeResult },
        errors: ['UNAUTHENTICATED', 'PLAN_REQUIRED', 'FORBIDDEN', 'DISTRICT_ACCESS_DENIED', 'NOT_FOUND', 'VALIDATION_FAILED', 'BAD_REQUEST', 'INSUFFICIENT_CREDITS', 'CONFLICT'],
      },
    },
    async (req) => deps.submission.upgrade(requireActor(req), req.params.id, req.headers['idempotency-key'], req.body),
  );
  r.get(
    '/api/purchase/district/:id',
    {
      schema: {
        tags,
        description: 'What the district has (Owner only): its included and purchased slots and its premade spaces, the free pick first.',
        params: districtIdParams,
        response: { 200: districtPurchasesView },
        errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'DISTRICT_ACCESS_DENIED', 'NOT_FOUND'],
      },
    },
    async (req) => deps.submission.purchases(requireActor(req), req.params.id),
  );
  r.get(
    '/api/district/items',
    { schema: { tags, description: 'District items the wizard prices: a district slot beyond the included ones.', response: { 200: z.array(districtItemView) } } },
    async () => deps.slots.items(),
  );
  r.get(
    '/api/district/:id/slots',
    {
      schema: {
        tags,
        description: 'The district’s slots and the spaces they hold (Owner and Creators).',
        params: districtIdParams,
        response: { 200: z.array(districtSlotView) },
        errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'DISTRICT_ACCESS_DENIED', 'NOT_FOUND'],
      },
    },
    async (req) => deps.slots.ofDistrict(requireActor(req), req.params.id),
  );
  r.get(
    '/api/slot/district',
    {
      schema: {
        tags: ['slots'],
        description: 'Empty district slots the caller may publish into now: any of their districts’ as Owner, within their allocation as Creator.',
        response: { 200: z.array(districtSlotView) },
        errors: ['UNAUTHENTICATED'],
      },
    },
    async (req) => deps.slots.usable(requireActor(req)),
  );
}
