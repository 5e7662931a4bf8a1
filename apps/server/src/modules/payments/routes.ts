import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currencyQuery, paymentProductsView } from '@atrium/shared';
import { paymentProducts } from './products.ts';

/** Spec §7 stripe/* paths, whichever provider is configured. */
export function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  r.get(
    '/api/stripe/products',
    {
      schema: {
        tags,
        description: 'Credit bundles (by coin amount) and plan prices (by monthly price), in the currency asked for (eur by default).',
        querystring: currencyQuery,
        response: { 200: paymentProductsView },
        errors: ['VALIDATION_FAILED'],
      },
    },
    async (req) => paymentProducts(req.query.currency),
  );
}
