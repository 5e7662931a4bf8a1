import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AppError,
  createDistrictFields,
  createDistrictForm,
  districtAccessView,
  districtAvailability,
  districtIdParams,
  districtInfoQuery,
  districtInvitation,
  districtInviteBody,
  districtMember,
  districtMemberParams,
  districtMemberPatch,
  districtPatch,
  districtRefParams,
  districtSearchQuery,
  districtSubdomainOf,
  districtView,
  invitationAcceptParams,
  invitationAcceptQuery,
  msg,
  subdomainParams,
} from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { requireActor } from '../../plugins/auth.ts';
import { assertCleanInput } from '../../plugins/inputGuard.ts';
import type { DistrictsService } from './service.ts';

const FORM_FIELDS = new Set(Object.keys(createDistrictForm.shape));

/** POST /api/districts: multipart text fields (spec §7) or the same fields as JSON; no files. */
async function readCreateForm(req: FastifyRequest): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) return (req.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of req.parts({ limits: { files: 0, fields: 10, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unknown file field "${part.fieldname}"`, { fieldErrors: { [part.fieldname]: ['Unknown field'] } });
      }
      if (!FORM_FIELDS.has(part.fieldname))
        throw new AppError('VALIDATION_FAILED', `Unknown field "${part.fieldname}"`, { fieldErrors: { [part.fieldname]: ['Unknown field'] } });
      fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', 'The form could not be read');
  }
  assertCleanInput(fields);
  return fields;
}

/** Spec §7 district paths (available, my, me, search, info, {id}, members, invite, invitation accept, districtAccess) and POST districts. */
export async function districtRoutes(app: FastifyInstance, deps: { districts: DistrictsService; publicUrl: string }) {
  await app.register(multipart, { limits: { files: 0, fields: 10, fieldSize: 4096 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const d = deps.districts;
  const tags = ['districts'];
  const list = { 200: z.array(districtView) };

  r.get(
    '/api/district/available/:subdomain',
    {
      schema: {
        tags,
        params: subdomainParams,
        description: `200 when the subdomain is free. 400 (VALIDATION_FAILED) with the §5 message when it is invalid, too long, reserved (www, api, auth, "xn--" and other "??--" labels); 409 (SUBDOMAIN_TAKEN, "${msg.districts.subdomainTaken}") when taken in any letter case.`,
        response: { 200: districtAvailability },
        errors: ['VALIDATION_FAILED', 'SUBDOMAIN_TAKEN'],
      },
    },
    async (req) => d.available(req.params.subdomain),
  );
  r.post(
    '/api/districts',
    {
      schema: {
        tags,
        description: 'Creates a district (Pro plan only, 403 PLAN_REQUIRED otherwise). Multipart (or JSON) fields title, subdomain, public, visible, freeSpaceTemplateId.',
        documentedBody: { 'multipart/form-data': createDistrictForm, 'application/json': createDistrictFields },
        response: { 201: districtView },
        errors: ['VALIDATION_FAILED', 'PLAN_REQUIRED', 'SUBDOMAIN_TAKEN', 'CONFLICT'],
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      return reply.code(201).send(await d.create(actor, await readCreateForm(req)));
    },
  );
  r.get('/api/district/my', { schema: { tags, description: 'Districts the caller owns.', response: list } }, async (req) => d.my(requireActor(req)));
  r.get('/api/district/me', { schema: { tags, description: 'Districts the caller is a Creator or Guest of.', response: list } }, async (req) =>
    d.me(requireActor(req)),
  );
  r.get(
    '/api/district/search',
    { schema: { tags, querystring: districtSearchQuery, description: 'Explore Districts: public, listed, unhidden districts; X-Total-Count.', response: list } },
    async (req, reply) => {
      const { items, total } = await d.search(req.actor, req.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );
  r.get(
    '/api/district/info',
    {
      schema: {
        tags,
        querystring: districtInfoQuery,
        description: 'The district of ?subdomain=, or of the request\'s host ({subdomain}.{public host}). 404 for an unknown one; 403 DISTRICT_ACCESS_DENIED for a private district\'s outsiders.',
        response: { 200: districtView },
        errors: ['DISTRICT_ACCESS_DENIED'],
      },
    },
    async (req) => {
      const sub = req.query.subdomain ?? districtSubdomainOf(req.headers.host, deps.publicUrl);
      if (!sub) throw new AppError('NOT_FOUND', msg.districts.notFound);
      return d.bySubdomain(req.actor, sub.toLowerCase());
    },
  );
  r.get(
    '/api/district/districtAccess/:id',
    {
      schema: {
        tags,
        params: districtRefParams,
        description: 'Whether the caller may enter the district (by id or subdomain): 200 with their role, 403 DISTRICT_ACCESS_DENIED.',
        response: { 200: districtAccessView },
        errors: ['DISTRICT_ACCESS_DENIED'],
      },
    },
    async (req) => d.accessOf(req.actor, req.params.id.toLowerCase()),
  );
  r.get(
    '/api/district/:id',
    { schema: { tags, params: districtIdParams, response: { 200: districtView }, errors: ['DISTRICT_ACCESS_DENIED'] } },
    async (req) => d.get(req.actor, req.params.id),
  );
  r.patch(
    '/api/district/:id',
    {
      schema: {
        tags,
        params: districtIdParams,
        body: districtPatch,
        description: `Settings (owner): title, subdomain, subtitle, description, public, hidden, listed, styles (appearance). A new subdomain moves the district to that host (the §5 rules; 409 SUBDOMAIN_TAKEN, "${msg.districts.subdomainTaken}", when another district holds it in any letter case).`,
        response: { 200: districtView },
        errors: ['VALIDATION_FAILED', 'SUBDOMAIN_TAKEN', 'FORBIDDEN', 'DISTRICT_ACCESS_DENIED'],
      },
    },
    async (req) => d.update(requireActor(req), req.params.id, req.body),
  );
  const members = { 200: z.array(districtMember) };
  r.get(
    '/api/district/:id/members',
    { schema: { tags, params: districtIdParams, description: 'Members with login email, role and allocated slots (owner only).', response: members, errors: ['FORBIDDEN', 'DISTRICT_ACCESS_DENIED'] } },
    async (req) => d.members(requireActor(req), req.params.id),
  );
  r.patch(
    '/api/district/:id/member/:userId',
    { schema: { tags, params: districtMemberParams, body: districtMemberPatch, response: members, errors: ['FORBIDDEN', 'DISTRICT_ACCESS_DENIED'] } },
    async (req) => d.updateMember(requireActor(req), req.params.id, req.params.userId, req.body),
  );
  r.delete(
    '/api/district/:id/member/:userId',
    { schema: { tags, params: districtMemberParams, response: { 204: noContent }, errors: ['FORBIDDEN', 'DISTRICT_ACCESS_DENIED'] } },
    async (req, reply) => {
      await d.removeMember(requireActor(req), req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );
  r.post(
    '/api/district/:id/invite',
    {
      schema: {
        tags,
        params: districtIdParams,
        body: districtInviteBody,
        description: 'Invites by email (owner only); the mail links to the district\'s accept page with the one-time invitation_code.',
        response: { 201: districtInvitation },
        errors: ['FORBIDDEN', 'DISTRICT_ACCESS_DENIED'],
      },
    },
    async (req, reply) => reply.code(201).send(await d.invite(requireActor(req), req.params.id, req.body)),
  );
  r.get(
    '/api/district/:id/invitations',
    { schema: { tags, params: districtIdParams, response: { 200: z.array(districtInvitation) }, errors: ['FORBIDDEN', 'DISTRICT_ACCESS_DENIED'] } },
    async (req) => d.invitations(requireActor(req), req.params.id),
  );
  r.post(
    '/api/district/invitation/:id/accept',
    {
      schema: {
        tags,
        params: invitationAcceptParams,
        querystring: invitationAcceptQuery,
        description: 'Accepts an invitation with its emailed invitation_code: 404 unknown or wrong code, 409 used, 410 expired, 403 signed in with another address.',
        response: { 200: districtView },
        errors: ['INVITATION_USED', 'INVITATION_EXPIRED', 'INVITATION_WRONG_ACCOUNT'],
      },
    },
    async (req) => d.accept(requireActor(req), req.params.id, req.query.invitation_code),
  );
}
