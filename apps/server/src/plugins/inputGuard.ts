import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, findInputProblem, INPUT_MESSAGES, jsonTextDepthExceeds } from '@atrium/shared';

/**
 * The coded 400 for input no route may see: a NUL character (PostgreSQL refuses it in text and jsonb)
 * or nesting deeper than MAX_INPUT_DEPTH (schema parsing recurses per level). Multipart readers call
 * this on their text fields, which no hook sees.
 */
export function assertCleanInput(value: unknown): void {
  const problem = findInputProblem(value);
  if (!problem) return;
  if (problem.kind === 'depth') throw new AppError('INPUT_TOO_DEEP');
  const field = problem.path || '_';
  throw new AppError('VALIDATION_FAILED', `${field}: ${INPUT_MESSAGES.nul}`, { fieldErrors: { [field]: [INPUT_MESSAGES.nul] } });
}

/**
 * One guard in front of every route's validation: JSON bodies are measured for depth on their text
 * before they are parsed, and the parsed body, query and path parameters are checked for NUL.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTextDepthExceeds(body as string)) return done(new AppError('INPUT_TOO_DEEP'), undefined);
    return parseJson(req, body as string, done);
  });

  app.addHook('preValidation', async (req) => {
    assertCleanInput(req.params);
    assertCleanInput(req.query);
    // Raw bodies (Buffers, streams) belong to their routes; only parsed text and JSON are walked.
    const body: unknown = req.body;
    if (typeof body === 'string' || (typeof body === 'object' && body !== null && !ArrayBuffer.isView(body) && !isStream(body))) {
      assertCleanInput(body);
    }
  });
}

const isStream = (v: object) => typeof (v as { pipe?: unknown }).pipe === 'function';

export default fp(inputGuardPlugin, { name: 'atrium-input-guard' });
