import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userSubscriptionPlanView } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { SubscriptionsService } from './service.ts';

/** Spec §7 subscription paths: the caller's plan, cancel, re-enable auto-renewal. */
export function subscriptionRoutes(app: FastifyInstance, deps: { subscriptions: SubscriptionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.subscriptions;
  const tags = ['subscriptions'];
  r.get(
    '/api/externaltransaction/usersubscription',
    {
      schema: {
        tags,
        description: 'The caller’s plan (spec §3 User subscription plan): FREE with nulls when they never subscribed.',
        response: { 200: userSubscriptionPlanView },
        errors: ['UNAUTHENTICATED'],
      },
    },
    async (req) => s.view(requireActor(req)),
  );
  r.post(
    '/api/stripe/cancel/subscription',
    {
      schema: {
        tags,
        description: 'Turns auto-renewal off: the plan stays until endsAt, then expires (isCanceled becomes 2).',
        response: { 200: userSubscriptionPlanView },
        errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req) => s.cancel(requireActor(req)),
  );
  r.post(
    '/api/stripe/removecancelationsubscription',
    {
      schema: {
        tags,
        description: 'Turns auto-renewal back on for a canceled plan that has not ended yet (isCanceled becomes 0).',
        response: { 200: userSubscriptionPlanView },
        errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req) => s.reenable(requireActor(req)),
  );
}
