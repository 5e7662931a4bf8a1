import { errorCatalogue, type ErrorCode } from './catalogue.ts';

/** The JSON schema of an error answer whose code is one of `codes`: what the typed client narrows on. */
export function errorBodyJsonSchema(codes: readonly ErrorCode[]) {
  return {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: [...codes] },
          message: { type: 'string' },
          details: {},
        },
      },
    },
  } as const;
}

/**
 * Catalogue codes grouped by the status the catalogue gives them (codes sharing a status share one
 * answer), as OpenAPI-ready response entries keyed by status.
 */
export function errorResponses(codes: Iterable<ErrorCode>): Record<number, { description: string } & ReturnType<typeof errorBodyJsonSchema>> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    let set = byStatus.get(status);
    if (!set) byStatus.set(status, (set = new Set()));
    set.add(code);
  }
  const out: Record<number, { description: string } & ReturnType<typeof errorBodyJsonSchema>> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const sorted = [...set].sort();
    out[status] = { description: `Error: ${sorted.join(', ')}`, ...errorBodyJsonSchema(sorted) };
  }
  return out;
}
