import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationList, notificationView, SOCIAL_LIMITS } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { NotificationsService } from './service.ts';
import { noContent } from '@atrium/shared/http';

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(SOCIAL_LIMITS.notificationsPageMax).default(20),
  before: z.uuid().optional(),
});

export function notificationRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social'];
  r.get(
    '/api/notification/my',
    { schema: { tags, querystring: listQuery, response: { 200: notificationList } } },
    async (req) => deps.notifications.list(requireActor(req), req.query.limit, req.query.before),
  );
  r.post(
    '/api/notification/:id/read',
    { schema: { tags, params: z.strictObject({ id: z.uuid() }), response: { 200: notificationView } } },
    async (req) => deps.notifications.markRead(requireActor(req), req.params.id),
  );
  r.post('/api/notification/read-all', { schema: { tags, response: { 204: noContent } } }, async (req, reply) => {
    await deps.notifications.markAllRead(requireActor(req));
    return reply.code(204).send();
  });
}
