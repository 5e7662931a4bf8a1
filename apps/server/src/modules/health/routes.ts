import type { FastifyInstance } from 'fastify';
import { AppError } from '@atrium/shared';
import type { DbHandle } from '../../db/client.ts';

export function healthRoutes(app: FastifyInstance, deps: { database: DbHandle }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (!(await deps.database.ping())) throw new AppError('UNAVAILABLE', 'The database is not reachable');
    return { status: 'ready', database: deps.database.kind };
  });
}
