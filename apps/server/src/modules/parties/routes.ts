import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myParty,
  partyIdParams,
  partyInvitationBody,
  partyInvitationParams,
  partyInvitationView,
  partyMemberParams,
  partyView,
} from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { requireActor } from '../../plugins/auth.ts';
import type { PartiesService } from './service.ts';

/** Spec §7 Communication: party, party/{id}, partyinvitation, partyinvitation/{id} (beside directmessagegroup). */
export function partyRoutes(app: FastifyInstance, deps: { parties: PartiesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = deps.parties;
  const tags = ['communication'];

  r.get(
    '/api/party',
    { schema: { tags, description: "The caller's party, if any.", response: { 200: myParty } } },
    async (req) => p.mine(requireActor(req)),
  );
  r.post(
    '/api/party',
    {
      schema: {
        tags,
        description: 'Starts a party led by the caller.',
        response: { 201: partyView },
        errors: ['CONFLICT'],
      },
    },
    async (req, reply) => reply.code(201).send(await p.create(requireActor(req))),
  );
  r.get(
    '/api/party/:id',
    { schema: { tags, params: partyIdParams, response: { 200: partyView } } },
    async (req) => p.get(requireActor(req), req.params.id),
  );
  r.delete(
    '/api/party/:id',
    {
      schema: { tags, params: partyIdParams, description: 'Leaves the party.', response: { 204: noContent } },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await p.remove(actor, req.params.id, actor.userId);
      return reply.code(204).send();
    },
  );
  r.delete(
    '/api/party/:id/members/:userId',
    {
      schema: {
        tags,
        params: partyMemberParams,
        description: 'The leader removes a member (or anyone removes themselves).',
        response: { 204: noContent },
        errors: ['FORBIDDEN'],
      },
    },
    async (req, reply) => {
      await p.remove(requireActor(req), req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/partyinvitation',
    {
      schema: {
        tags,
        description: 'Invitations the caller received.',
        response: { 200: z.array(partyInvitationView) },
      },
    },
    async (req) => p.received(requireActor(req)),
  );
  r.post(
    '/api/partyinvitation',
    {
      schema: {
        tags,
        body: partyInvitationBody,
        description: "Invites someone to the caller's party (started if there is none).",
        response: { 200: partyView },
        errors: ['CONFLICT', 'RATE_LIMITED', 'BLOCKED'],
      },
    },
    async (req) => p.invite(requireActor(req), req.body.userId),
  );
  r.post(
    '/api/partyinvitation/:id',
    {
      schema: {
        tags,
        params: partyInvitationParams,
        description: 'Accepts an invitation (leaving any current party).',
        response: { 200: partyView },
        errors: ['CONFLICT'],
      },
    },
    async (req) => p.accept(requireActor(req), req.params.id),
  );
  r.delete(
    '/api/partyinvitation/:id',
    {
      schema: {
        tags,
        params: partyInvitationParams,
        description: 'Declines (invitee) or withdraws (party member) an invitation.',
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      await p.dismiss(requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
