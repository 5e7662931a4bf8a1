import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ARTSTEPS_IMPORT_LIMITS, artstepsImportForm, artstepsImportReport } from '@atrium/shared';
import { readUpload, type UploadTemp } from '../assets/upload.ts';
import type { ImportsService } from './service.ts';

/** POST /api/imports/artsteps: a gallery export's zip in, a new draft and a report of what was skipped out. */
export async function importRoutes(app: FastifyInstance, deps: { imports: ImportsService; uploads: UploadTemp }) {
  await app.register(multipart, { limits: { fileSize: ARTSTEPS_IMPORT_LIMITS.maxZipBytes + 1, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/imports/artsteps',
    {
      schema: {
        tags: ['imports'],
        documentedBody: { 'multipart/form-data': artstepsImportForm },
        description: 'Imports a gallery export (zip of pictures plus a JSON or CSV of titles and descriptions) into a new draft space.',
        response: { 201: artstepsImportReport },
        errors: ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'DRAFTS_LIMIT_REACHED'],
      },
    },
    async (req, reply) => {
      // Who is asking is settled before a single byte of the body is read.
      if (!req.actor) throw new AppError('UNAUTHENTICATED');
      const upload = await readUpload(req, deps.uploads, ARTSTEPS_IMPORT_LIMITS.maxZipBytes, 1);
      try {
        return reply.code(201).send(await deps.imports.artsteps(req.actor, upload));
      } finally {
        await upload.cleanup();
      }
    },
  );
}
