import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorResponses, type ErrorCode } from '@atrium/shared';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body per content type, for the document only: multipart routes read their parts themselves
     * (`req.parts()`), so a Fastify `body` schema would reject them before the handler runs.
     */
    documentedBody?: Partial<Record<'multipart/form-data' | 'application/json', ZodType>>;
    /**
     * The catalogue codes this route's own rules can answer (its service's AppErrors). The answers every route shares are added centrally (`sharedErrorCodes`).
     */
    errors?: readonly ErrorCode[];
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteShape = { params?: unknown; querystring?: unknown; body?: unknown; documentedBody?: unknown };

/**
 * The errors a route can answer without its own code being involved, from the plugins in front of
 * every route: validation and the input guard (400) for anything it reads, body limits, media types
 * and the body timeout for anything with a body, the global rate limit, a missing resource behind a
 * path parameter, a bad `Authorization` header on any /api route (the auth plugin answers 401 before
 * the route runs), and the catch-all 500.
 */
export function sharedErrorCodes(url: string, schema: RouteShape, routeConfig: { rateLimit?: unknown } | undefined): ErrorCode[] {
  const codes: ErrorCode[] = ['INTERNAL'];
  if (url.startsWith('/api/')) codes.push('UNAUTHENTICATED');
  const hasBody = schema.body !== undefined || schema.documentedBody !== undefined;
  if (hasBody || schema.params !== undefined || schema.querystring !== undefined) codes.push('VALIDATION_FAILED');
  if (hasBody) codes.push('MALFORMED_JSON', 'INPUT_TOO_DEEP', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'REQUEST_TIMEOUT');
  // A path parameter names something that may not exist, whether or not the route gives it a schema.
  if (schema.params !== undefined || /[:*]/.test(url)) codes.push('NOT_FOUND');
  if (routeConfig?.rateLimit !== false) codes.push('RATE_LIMITED');
  return codes;
}

/** Error answers merged into the document's responses; the route's declared success answers stay first. */
function withErrorResponses(input: TransformInput, response: Record<string, unknown> | undefined) {
  const schema = (input.schema ?? {}) as RouteShape & { errors?: readonly ErrorCode[] };
  const route = (input as { route?: { config?: { rateLimit?: unknown } } }).route;
  const errors = errorResponses([...sharedErrorCodes(input.url, schema, route?.config), ...(schema.errors ?? [])]);
  return { ...response, ...errors };
}

/** The zod transform, plus `documentedBody` turned into an OpenAPI request body with one schema per content type. */
function transform(input: TransformInput) {
  const { documentedBody, errors: _errors, ...schema } = (input.schema ?? {}) as TransformInput['schema'] & {
    documentedBody?: Record<string, ZodType>;
    errors?: readonly ErrorCode[];
  };
  const out = jsonSchemaTransform({ ...input, schema });
  if (!out.schema.hide) out.schema.response = withErrorResponses(input, out.schema.response as Record<string, unknown> | undefined);
  // A bodiless answer (shared `noContent`): @fastify/swagger leaves out the content of a `type: 'null'` schema.
  const responses = out.schema.response as Record<string, { content?: object; description?: string }> | undefined;
  for (const [code, r] of Object.entries(responses ?? {})) {
    if (r.content && Object.keys(r.content).length === 0) responses![code] = { type: 'null', description: r.description } as never;
  }
  if (!documentedBody || out.schema.hide) return out;
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, body] of Object.entries(documentedBody)) {
    content[type] = { schema: jsonSchemaTransform({ ...input, schema: { body } }).schema.body };
  }
  return { ...out, schema: { ...out.schema, body: { content } } };
}

/** OpenAPI document generated from the zod route schemas; JSON at /api/docs/json, UI at /api/docs. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Atrium API', version: '0.1.0', description: 'Build, publish and visit 3D spaces.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(openapiPlugin, { name: 'atrium-openapi' });
