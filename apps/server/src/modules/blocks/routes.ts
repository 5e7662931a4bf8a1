import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedPerson, blockStatus, userIdParams } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { BlocksService } from './service.ts';

/** The caller's block list (issue 20): list, status, block, unblock. */
export function blockRoutes(app: FastifyInstance, deps: { blocks: BlocksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const b = deps.blocks;
  const tags = ['social'];
  r.get(
    '/api/block',
    { schema: { tags, description: 'People the caller blocked, most recent first.', response: { 200: z.array(blockedPerson) } } },
    async (req) => b.list(requireActor(req)),
  );
  r.get('/api/block/:id', { schema: { tags, params: userIdParams, response: { 200: blockStatus } } }, async (req) =>
    b.status(requireActor(req), req.params.id),
  );
  r.put(
    '/api/block/:id',
    {
      schema: {
        tags,
        params: userIdParams,
        description: 'Blocks a person: they can no longer invite, greet or message the caller directly.',
        response: { 200: blockStatus },
        errors: ['BAD_REQUEST', 'CONFLICT'],
      },
    },
    async (req) => b.block(requireActor(req), req.params.id),
  );
  r.delete('/api/block/:id', { schema: { tags, params: userIdParams, response: { 200: blockStatus } } }, async (req) =>
    b.unblock(requireActor(req), req.params.id),
  );
}
