import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorCatalogue, type ErrorCode, type ErrorBody } from '@atrium/shared';

/** Maps Fastify's own error codes onto our catalogue so every failure has the same shape. */
const fastifyCodeMap: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'RATE_LIMITED',
};

export function errorBody(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  return {
    error: { code, message: message ?? errorCatalogue[code].message, ...(details === undefined ? {} : { details }) },
  };
}

function fieldErrorsFrom(issues: { keyword?: string; instancePath?: string; message?: string; params?: unknown }[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    // Unknown keys carry no path of their own: name each key so the caller sees which field is wrong.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) (fieldErrors[String(key)] ??= []).push(`Unknown field "${String(key)}"`);
      continue;
    }
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fieldErrors;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'application error');
      return reply.code(err.status).send(errorBody(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors = fieldErrorsFrom(err.validation);
      const first = Object.entries(fieldErrors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : errorCatalogue.VALIDATION_FAILED.message;
      return reply.code(400).send(errorBody('VALIDATION_FAILED', message, { fieldErrors }));
    }
    const mapped = err.code ? fastifyCodeMap[err.code] : undefined;
    if (mapped) {
      const status = errorCatalogue[mapped].status;
      return reply.code(status).send(errorBody(mapped, mapped === 'RATE_LIMITED' ? undefined : err.message));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 404
          ? 'NOT_FOUND'
          : err.statusCode === 413
            ? 'PAYLOAD_TOO_LARGE'
            : err.statusCode === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : err.statusCode === 429
                ? 'RATE_LIMITED'
                : 'BAD_REQUEST';
      return reply.code(err.statusCode).send(errorBody(code, err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL'));
  });
}

export default fp(errorsPlugin, { name: 'atrium-errors' });
