import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The longest single step: enough to run a yearly plan out, small enough to stay a date. */
const MAX_ADVANCE_DAYS = 800;

/**
 * Only registered when the server runs with TEST_CLOCK=true (allowed with NODE_ENV=test only): browser
 * tests move the plans' and slots' clock forward, then the jobs that would run on their own
 * schedule (renewals and lapses, slot expiry) run once at the new time, so the test sees their effect
 * without waiting for the next tick. Hidden from the API document: no client of the product calls it.
 */
export function testClockRoutes(
  app: FastifyInstance,
  deps: { advance: (ms: number) => void; now: () => Date; runDue: () => Promise<{ renewed: number; expired: number; slotsExpired: number }> },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/clock',
    {
      schema: {
        hide: true,
        body: z.strictObject({ advanceDays: z.number().min(0).max(MAX_ADVANCE_DAYS) }),
        response: { 200: z.object({ now: z.string(), renewed: z.number(), expired: z.number(), slotsExpired: z.number() }) },
      },
    },
    async (req) => {
      deps.advance(req.body.advanceDays * 86_400_000);
      const done = await deps.runDue();
      return { now: deps.now().toISOString(), ...done };
    },
  );
}
