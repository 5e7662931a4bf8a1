import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AppError,
  deleteAccountBody,
  manyUsersQuery,
  myUser,
  publicUser,
  userIdParams,
  userSearchQuery,
  USER_LIMITS,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import { readUserPatch } from './multipart.ts';
import type { UsersService } from './service.ts';
import { noContent } from '@atrium/shared/http';
import { userPatchForm } from '@atrium/shared/multipart';
import { patchMyUserBody } from '@atrium/shared/users/schema';

/** PATCH user: JSON, or multipart with the pictures. */
const userPatchBodies = { 'multipart/form-data': userPatchForm, 'application/json': patchMyUserBody };

/** Spec §7 User service, under /api/user. */
export async function userRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  // Multipart only here: profile edits carry a picture and a cover photo.
  await app.register(multipart, { limits: { fileSize: USER_LIMITS.pictureBytes, files: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = deps;

  r.get('/api/user/my', { schema: { tags: ['user'], response: { 200: myUser } } }, async (req) =>
    users.my(requireActor(req)),
  );

  const patch = async (req: FastifyRequest, id: string) => {
    const actor = requireActor(req);
    // Refuse another user's id before reading any upload.
    if (actor.userId !== id) throw new AppError('FORBIDDEN');
    const { fields, images } = await readUserPatch(req);
    return users.update(actor, id, fields, images);
  };
  r.patch('/api/user/my', { schema: { tags: ['user'], documentedBody: userPatchBodies, response: { 200: myUser }, errors: ['BAD_REQUEST'] } }, async (req) =>
    patch(req, requireActor(req).userId),
  );
  r.patch(
    '/api/user/:id',
    { schema: { tags: ['user'], params: userIdParams, documentedBody: userPatchBodies, response: { 200: myUser }, errors: ['FORBIDDEN', 'BAD_REQUEST'] } },
    async (req) => patch(req, req.params.id),
  );

  const remove = async (req: FastifyRequest<{ Body: unknown }>, id: string) => {
    const actor = requireActor(req);
    if (actor.userId !== id) throw new AppError('FORBIDDEN');
    const body = deleteAccountBody.safeParse(req.body ?? {});
    await users.deleteAccount(actor, id, body.success ? body.data.password : undefined);
  };
  r.delete('/api/user/my', { schema: { tags: ['user'], documentedBody: { 'application/json': deleteAccountBody }, response: { 204: noContent }, errors: ['FORBIDDEN', 'INCORRECT_PASSWORD', 'NOT_FOUND'] } }, async (req, reply) => {
    await remove(req, requireActor(req).userId);
    return reply.code(204).send();
  });
  r.delete('/api/user/:id', { schema: { tags: ['user'], params: userIdParams, documentedBody: { 'application/json': deleteAccountBody }, response: { 204: noContent }, errors: ['FORBIDDEN', 'INCORRECT_PASSWORD'] } }, async (req, reply) => {
    await remove(req, req.params.id);
    return reply.code(204).send();
  });

  r.get(
    '/api/user/many',
    { schema: { tags: ['user'], querystring: manyUsersQuery, response: { 200: z.array(publicUser) } } },
    async (req) => users.many(req.query.ids),
  );

  r.get(
    '/api/user/search',
    { schema: { tags: ['user'], querystring: userSearchQuery, response: { 200: z.array(publicUser) } } },
    async (req, reply) => {
      const { items, total } = await users.search(req.query.q, req.query.cp, req.query.ipp);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  r.get(
    '/api/user/:id',
    { schema: { tags: ['user'], params: userIdParams, response: { 200: publicUser } } },
    async (req) => users.get(req.actor, req.params.id),
  );

  for (const [path, kind] of [
    ['picture', 'profilePicture'],
    ['cover', 'coverPhoto'],
  ] as const) {
    r.get(
      `/api/user/:id/${path}`,
      { schema: { tags: ['user'], params: userIdParams } },
      async (req, reply) => {
        const file = await users.image(req.params.id, kind);
        // The URL carries a version (?v=), so the bytes behind it never change.
        return reply
          .type('image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-length', file.size)
          .send(file.stream);
      },
    );
    r.delete(
      `/api/user/my/${path}`,
      { schema: { tags: ['user'], response: { 200: myUser }, errors: ['NOT_FOUND'] } },
      async (req) => {
        const actor = requireActor(req);
        return users.removeImage(actor, actor.userId, kind);
      },
    );
  }
}
