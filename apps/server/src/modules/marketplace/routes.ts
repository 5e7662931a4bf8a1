import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders, internalTransactionBody, internalTransactionView, marketplaceItemView, myPurchasesView, walletView } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { MarketplaceService } from './service.ts';

/** Spec §7 wallet, marketplaceitem and internaltransaction (purchases with credits). */
export function marketplaceRoutes(app: FastifyInstance, deps: { marketplace: MarketplaceService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const m = deps.marketplace;
  const tags = ['marketplace'];
  r.get(
    '/api/wallet',
    { schema: { tags, description: 'The caller’s credits.', response: { 200: walletView }, errors: ['UNAUTHENTICATED'] } },
    async (req) => m.wallet(requireActor(req)),
  );
  r.get(
    '/api/marketplaceitem',
    { schema: { tags, description: 'What credits buy, with prices in credits.', response: { 200: z.array(marketplaceItemView) } } },
    async () => m.items(),
  );
  r.get(
    '/api/marketplaceitem/my',
    {
      schema: {
        tags,
        description: 'What the caller bought with credits, per item, and how many free premade spaces their plan still gives (Pro: 1).',
        response: { 200: myPurchasesView },
        errors: ['UNAUTHENTICATED'],
      },
    },
    async (req) => m.mine(requireActor(req)),
  );
  r.post(
    '/api/internaltransaction',
    {
      schema: {
        tags,
        description:
          'Buys items with credits. totalCoin must equal the sum of the items’ prices. Sending the same Idempotency-Key again answers with the first result and charges nothing.',
        headers: idempotencyHeaders,
        body: internalTransactionBody,
        response: { 201: internalTransactionView },
        // BAD_REQUEST: an unknown item, a quantity over the item's limit or a wrong totalCoin;
        // CONFLICT: the key was used for a different purchase, or the trial slot is already kept.
        errors: ['UNAUTHENTICATED', 'BAD_REQUEST', 'INSUFFICIENT_CREDITS', 'CONFLICT'],
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      return reply.code(201).send(await m.purchase(actor, req.headers['idempotency-key'], req.body));
    },
  );
}
