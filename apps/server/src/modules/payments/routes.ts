import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  builtinConfirmBody,
  builtinPayBody,
  builtinPayView,
  checkoutSessionBody,
  checkoutSessionView,
  currencyQuery,
  lastCardDetailsView,
  paymentHistoryItemView,
  paymentMethodSessionView,
  paymentProductsView,
  paymentReceiptParams,
  paymentReceiptView,
  sessionStatusQuery,
  sessionStatusView,
  subscriptionUpdateBody,
  subscriptionUpdatePreviewView,
  subscriptionUpdateQuery,
  userSubscriptionPlanView,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import { paymentProducts } from './products.ts';
import type { PaymentsService } from './service.ts';
import type { WebhookHandler } from './webhook.ts';

/** Spec §7 stripe/* paths, whichever provider is configured, and the built-in provider's card page calls. */
export async function paymentRoutes(app: FastifyInstance, deps: { payments: PaymentsService; webhook: WebhookHandler }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = deps.payments;
  const tags = ['payments'];
  r.get(
    '/api/stripe/products',
    {
      schema: {
        tags,
        description: 'Credit bundles (by coin amount) and plan prices (by monthly price), in the currency asked for (eur by default), and the configured checkout provider.',
        querystring: currencyQuery,
        response: { 200: paymentProductsView },
        errors: ['VALIDATION_FAILED'],
      },
    },
    async (req) => paymentProducts(req.query.currency, p.providerName),
  );
  r.post(
    '/api/stripe/checkout-session',
    {
      schema: {
        tags,
        description:
          'Opens a checkout for one credit bundle and/or one plan price with the configured provider. Stripe: mount embedded Checkout with publishableKey + clientSecret. Built-in: pay through /api/payments/builtin/sessions/{sessionId}/pay.',
        body: checkoutSessionBody,
        response: { 201: checkoutSessionView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'BAD_REQUEST', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req, reply) => reply.code(201).send(await p.createCheckout(requireActor(req), req.body)),
  );
  r.get(
    '/api/stripe/session-status',
    {
      schema: {
        tags,
        description: 'Where one of the caller’s checkouts stands; complete once the payment was credited.',
        querystring: sessionStatusQuery,
        response: { 200: sessionStatusView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
      },
    },
    async (req) => p.status(requireActor(req), req.query.sessionId),
  );
  r.get(
    '/api/stripe/previewsubscriptionupdate',
    {
      schema: {
        tags,
        description:
          'What moving the caller’s plan up (a higher plan, or yearly over monthly) charges now: the new price less the unused part of the current period. Send prorationDate to updatesubscription to be charged this amount.',
        querystring: subscriptionUpdateQuery,
        response: { 200: subscriptionUpdatePreviewView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req) => p.previewUpgrade(requireActor(req), req.query.subscriptionId),
  );
  r.post(
    '/api/stripe/updatesubscription',
    {
      schema: {
        tags,
        description:
          'Moves the caller’s plan up, charging the prorated amount to the card on file (recorded in the payment history); answers the plan. 409 for the plan already held or once it expired, 400 for a lower plan’s price, 404 without a plan.',
        body: subscriptionUpdateBody,
        response: { 200: userSubscriptionPlanView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_DECLINED', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req) => p.upgrade(requireActor(req), req.body),
  );
  r.get(
    '/api/userproducts',
    {
      schema: {
        tags,
        description: 'The caller’s card payments, newest first (at most 100): what each bought, the amount, and what was refunded.',
        response: { 200: z.array(paymentHistoryItemView) },
        errors: ['UNAUTHENTICATED'],
      },
    },
    async (req) => p.history(requireActor(req)),
  );
  r.get(
    '/api/userproducts/:paymentId',
    {
      schema: {
        tags,
        description: 'The receipt of one of the caller’s card payments: date, amount, currency and what it bought line by line. Another person’s payment answers 404.',
        params: paymentReceiptParams,
        response: { 200: paymentReceiptView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
      },
    },
    async (req) => p.receipt(requireActor(req), req.params.paymentId),
  );
  r.get(
    '/api/getuserslastcarddetails',
    {
      schema: {
        tags,
        description: 'The card the caller last paid with or saved for their plan: brand, last 4 and expiry (card null when none).',
        response: { 200: lastCardDetailsView },
        errors: ['UNAUTHENTICATED'],
      },
    },
    async (req) => p.cards.last(requireActor(req)),
  );
  r.post(
    '/api/stripe/updatepaymentmethod/subscription',
    {
      schema: {
        tags,
        description:
          'Opens a setup checkout that saves a new card for the caller’s plan and charges nothing. Stripe: mount embedded Checkout with publishableKey + clientSecret. Built-in: send the card to /api/payments/builtin/sessions/{sessionId}/pay. 404 without a plan, 409 once it expired or when the plan was not paid by card here.',
        response: { 201: paymentMethodSessionView },
        errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED'],
      },
    },
    async (req, reply) => reply.code(201).send(await p.cards.startUpdate(requireActor(req))),
  );
  const sessionParams = z.strictObject({ sessionId: z.string().min(1).max(200) });
  r.post(
    '/api/payments/builtin/sessions/:sessionId/pay',
    {
      schema: {
        tags,
        description:
          'Built-in provider: pays a session by card (a setup session saves the card and charges nothing). 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (402), 4000 0025 0000 3155 answers requires_action (then call confirm).',
        params: sessionParams,
        body: builtinPayBody,
        response: { 200: builtinPayView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_DECLINED'],
      },
    },
    async (req) => p.builtin.pay(requireActor(req), req.params.sessionId, req.body),
  );
  r.post(
    '/api/payments/builtin/sessions/:sessionId/confirm',
    {
      schema: {
        tags,
        description: 'Built-in provider: the confirmation step a requires_action card asks for.',
        params: sessionParams,
        body: builtinConfirmBody,
        response: { 200: builtinPayView },
        errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
      },
    },
    async (req) => p.builtin.confirm(requireActor(req), req.params.sessionId, req.body.clientSecret),
  );
  // Own scope: the signature covers the exact bytes, so this route reads the body unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          description: 'Provider events (Stripe-Signature on the raw body, 300 s tolerance). Replayed event ids are acknowledged and ignored.',
          response: { 200: z.object({ received: z.literal(true), handled: z.boolean() }) },
          errors: ['BAD_REQUEST', 'NOT_FOUND'],
        },
      },
      async (req) => {
        const sig = req.headers['stripe-signature'];
        const handled = await deps.webhook.receive(req.body as Buffer, typeof sig === 'string' ? sig : undefined);
        return { received: true as const, handled };
      },
    );
  });
}
