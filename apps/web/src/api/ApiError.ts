import type { ErrorCode } from '@atrium/shared/errors/catalogue';

/** What every failed API call throws: the server's coded error, or a client-side stand-in. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly details: unknown;
  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Per-field messages from a VALIDATION_FAILED answer ({ fieldErrors: { field: string[] } }). */
  fieldErrors(): Record<string, string> {
    const d = this.details as { fieldErrors?: Record<string, unknown> } | undefined;
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(d?.fieldErrors ?? {})) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
    }
    return out;
  }
}
