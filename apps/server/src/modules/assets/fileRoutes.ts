import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ByteRange } from '../../storage/index.ts';
import { hashOfKey } from './keys.ts';
import type { AssetsService } from './service.ts';

const params = z.object({ id: z.uuid(), variant: z.enum(['webp', 'poster', 'original', 'source']).optional() });
const query = z.object({ v: z.string().max(64).optional() });

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; one range only. Null = ignore the header; 'bad' = 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

async function send(
  assets: AssetsService,
  req: FastifyRequest<{ Params: z.infer<typeof params>; Querystring: z.infer<typeof query> }>,
  reply: FastifyReply,
  variant: string,
) {
  // The access check runs in the service on every read.
  const file = await assets.file(req.actor, req.params.id, variant);
  const hash = hashOfKey(file.key);
  const etag = `"${hash ?? file.size}"`;
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('content-type', file.mime)
    .header('x-content-type-options', 'nosniff')
    // Content-addressed: a URL that names the current hash never changes, so it may be cached for a year.
    .header(
      'cache-control',
      hash && req.query.v === hash ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    );
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(req.headers.range, file.size);
  if (range === 'bad') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const stored = await file.open(range ?? undefined);
  if (!stored) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  if (!range) return reply.header('content-length', String(file.size)).send(stored.stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(stored.stream);
}

/** Spec §7 file service: `GET /api/file/{id}` (and its variants) and `/api/thumbnail/{id}`. */
export function fileRoutes(app: FastifyInstance, deps: { assets: AssetsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  r.get('/api/file/:id', { schema: { tags, params, querystring: query, errors: ['FORBIDDEN'] }, compress: false }, (req, reply) =>
    send(deps.assets, req, reply, 'main'),
  );
  r.get('/api/file/:id/:variant', { schema: { tags, params, querystring: query, errors: ['FORBIDDEN'] }, compress: false }, (req, reply) =>
    send(deps.assets, req, reply, req.params.variant ?? 'main'),
  );
  r.get('/api/thumbnail/:id', { schema: { tags, params, querystring: query, errors: ['FORBIDDEN'] }, compress: false }, (req, reply) =>
    send(deps.assets, req, reply, 'thumbnail'),
  );
}
