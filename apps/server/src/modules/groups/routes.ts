import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  districtIdParams,
  groupBody,
  groupIdParams,
  groupInvitationParams,
  groupInvitationView,
  groupInviteBody,
  groupMember,
  groupMemberParams,
  groupMembersBody,
  groupPatch,
  groupView,
  GROUP_LIMITS,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { GroupsService } from './service.ts';
import type { GroupInvitationsService } from './invitations.ts';
import { noContent } from '@atrium/shared/http';

const manyParams = z.strictObject({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(GROUP_LIMITS.groupsPerOwner)),
});

/** Spec §7 group paths: my, me, many/{ids}, {id}/members, plus create, rename, delete and invitations. */
export function groupRoutes(app: FastifyInstance, deps: { groups: GroupsService; invitations: GroupInvitationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const g = deps.groups;
  const tags = ['groups'];
  const list = { 200: z.array(groupView) };
  r.get('/api/group/my', { schema: { tags, description: 'Groups the caller owns.', response: list } }, async (req) => g.my(requireActor(req)));
  r.get('/api/group/me', { schema: { tags, description: 'Groups other people put the caller in.', response: list } }, async (req) =>
    g.me(requireActor(req)),
  );
  r.get(
    '/api/group/user/:userId',
    {
      schema: {
        tags,
        params: z.strictObject({ userId: z.uuid() }),
        description: "A person's own groups, for their profile (hidden unless they show groups).",
        errors: ['FORBIDDEN'],
        response: list,
      },
    },
    async (req) => g.ofUser(requireActor(req), req.params.userId),
  );
  r.get('/api/group/many/:ids', { schema: { tags, params: manyParams, response: list } }, async (req) => g.many(requireActor(req), req.params.ids));
  r.post('/api/group', { schema: { tags, body: groupBody, response: { 201: groupView }, errors: ['CONFLICT'] } }, async (req, reply) =>
    reply.code(201).send(await g.create(requireActor(req), req.body)),
  );
  r.patch('/api/group/:id', { schema: { tags, params: groupIdParams, body: groupPatch, response: { 200: groupView }, errors: ['CONFLICT'] } }, async (req) =>
    g.update(requireActor(req), req.params.id, req.body),
  );
  r.delete(
    '/api/group/:id',
    { schema: { tags, params: groupIdParams, description: 'Deletes the group; access lists naming it lose that entry.', response: { 204: noContent } } },
    async (req, reply) => {
      await g.delete(requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );
  const members = { 200: z.array(groupMember) };
  r.get('/api/group/:id/members', { schema: { tags, params: groupIdParams, response: members } }, async (req) =>
    g.members(requireActor(req), req.params.id),
  );
  r.post('/api/group/:id/members', { schema: { tags, params: groupIdParams, body: groupMembersBody, response: members, errors: ['CONFLICT'] } }, async (req) =>
    g.addMembers(requireActor(req), req.params.id, req.body.userIds),
  );
  r.delete('/api/group/:id/members/:userId', { schema: { tags, params: groupMemberParams, response: { 204: noContent } } }, async (req, reply) => {
    await g.removeMember(requireActor(req), req.params.id, req.params.userId);
    return reply.code(204).send();
  });

  const inv = deps.invitations;
  const invitations = { 200: z.array(groupInvitationView) };
  r.post(
    '/api/group/:id/invite',
    {
      schema: {
        tags,
        params: groupIdParams,
        body: groupInviteBody,
        description: 'Invites people into the group (owner only); each accepts or refuses. Answers the group’s invitations.',
        response: invitations,
        errors: ['VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND'],
      },
    },
    async (req) => inv.invite(requireActor(req), req.params.id, req.body.userIds),
  );
  r.get(
    '/api/group/:id/invitations',
    { schema: { tags, params: groupIdParams, description: 'The group’s invitations, answered ones too (owner only).', response: invitations, errors: ['NOT_FOUND'] } },
    async (req) => inv.ofGroup(requireActor(req), req.params.id),
  );
  r.get('/api/group/invitations', { schema: { tags, description: 'The caller’s pending group invitations.', response: invitations } }, async (req) =>
    inv.mine(requireActor(req)),
  );
  r.get(
    '/api/group/district/:id/invitations',
    {
      schema: {
        tags: [...tags, 'districts'],
        params: districtIdParams,
        description: 'District → Groups → Invitations: every invitation into the district’s groups for its Owner, the caller’s own pending ones for anyone else who may enter.',
        response: invitations,
        errors: ['DISTRICT_ACCESS_DENIED', 'NOT_FOUND'],
      },
    },
    async (req) => inv.ofDistrict(requireActor(req), req.params.id),
  );
  for (const [verb, accept] of [
    ['accept', true],
    ['refuse', false],
  ] as const)
    r.post(
      `/api/group/invitation/:id/${verb}`,
      {
        schema: {
          tags,
          params: groupInvitationParams,
          description: accept ? 'The invited person joins the group.' : 'The invited person declines.',
          response: { 200: groupInvitationView },
          errors: ['NOT_FOUND', 'CONFLICT'],
        },
      },
      async (req) => inv.answer(requireActor(req), req.params.id, accept),
    );
  r.delete(
    '/api/group/invitation/:id',
    { schema: { tags, params: groupInvitationParams, description: 'Withdraws a pending invitation (the group’s owner).', response: { 204: noContent }, errors: ['NOT_FOUND', 'CONFLICT'] } },
    async (req, reply) => {
      await inv.cancel(requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
