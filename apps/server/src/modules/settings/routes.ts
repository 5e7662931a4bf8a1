import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, settingsFields } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { UsersService } from '../users/service.ts';

const settings = z.object({
  autoSave: z.boolean(),
  searchable: z.boolean(),
  allowGroupInvites: z.boolean(),
  showContentLibrary: z.boolean(),
  showGroups: z.boolean(),
  language: z.enum(LANGUAGES).nullable(),
});

const pick = (u: z.infer<typeof settings>) => ({
  autoSave: u.autoSave,
  searchable: u.searchable,
  allowGroupInvites: u.allowGroupInvites,
  showContentLibrary: u.showContentLibrary,
  showGroups: u.showGroups,
  language: u.language,
});

/** Spec §2 Settings: the visibility switches of the signed-in user (also reachable through PATCH user/my). */
export function settingsRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/settings/my', { schema: { tags: ['settings'], response: { 200: settings } } }, async (req) =>
    pick(await deps.users.my(requireActor(req))),
  );
  r.patch(
    '/api/settings/my',
    { schema: { tags: ['settings'], body: settingsFields, response: { 200: settings } } },
    async (req) => {
      const actor = requireActor(req);
      return pick(await deps.users.update(actor, actor.userId, req.body));
    },
  );
}
