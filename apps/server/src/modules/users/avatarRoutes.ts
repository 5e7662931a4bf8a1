import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarAppearance, defaultAvatarFor, type AvatarAppearance } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { AvatarsRepo } from './avatarsRepo.ts';

/**
 * The signed-in user's avatar choice (spec §7 user/my/avatar). Realtime reads the same table when
 * someone enters a space; `checkChoice` is the assets module's rule for a chosen VRM.
 */
export function avatarRoutes(
  app: FastifyInstance,
  deps: { avatars: AvatarsRepo; checkChoice: (userId: string, a: AvatarAppearance) => Promise<AvatarAppearance> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { avatars } = deps;
  r.get('/api/user/my/avatar', { schema: { tags: ['user'], response: { 200: avatarAppearance } } }, async (req) => {
    const actor = requireActor(req);
    return (await avatars.get(actor.userId)) ?? defaultAvatarFor(actor.userId);
  });
  r.put(
    '/api/user/my/avatar',
    { schema: { tags: ['user'], body: avatarAppearance, response: { 200: avatarAppearance }, errors: ['NOT_FOUND', 'FORBIDDEN'] } },
    async (req) => {
      const { userId } = requireActor(req);
      const choice = await deps.checkChoice(userId, req.body);
      await avatars.set(userId, choice);
      return choice;
    },
  );
}
