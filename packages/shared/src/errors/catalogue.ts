import { msg } from '../messages.ts';
// The zod-free module: the catalogue is in every page's first load (voice/index.ts brings zod).
import { VOICE_MESSAGES } from '../voice/messages.ts';

// One catalogue of coded errors: code → HTTP status and default message.
// The API answers { error: { code, message } }; the web maps codes to the spec's toasts.
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  INPUT_TOO_DEEP: { status: 400, message: 'The request is nested too deeply' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  FORBIDDEN: { status: 403, message: msg.notAuthorized },
  INVALID_CREDENTIALS: { status: 401, message: msg.user.invalidCredentials },
  INCORRECT_PASSWORD: { status: 400, message: msg.user.incorrectPassword },
  EMAIL_TAKEN: { status: 409, message: msg.user.emailTaken },
  DATABASE_LOCKED: { status: 409, message: 'The embedded database is in use by a running Atrium server' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No API route matches this path' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  SCENE_INVALID: { status: 422, message: 'This space could not be opened because its content is damaged' },
  SCENE_VERSION_UNSUPPORTED: {
    status: 422,
    message: 'This space was saved by a newer version of Atrium and cannot be opened here',
  },
  SCENE_VERSION_CONFLICT: { status: 409, message: msg.scene.versionConflict },
  DRAFTS_LIMIT_REACHED: { status: 403, message: 'You have reached the drafts limit of your plan' },
  SPACE_ACCESS_DENIED: { status: 403, message: msg.spaceAccessDeniedTitle },
  SLOT_TAKEN: { status: 409, message: msg.publishing.slotTaken },
  NO_AVAILABLE_SLOT: { status: 409, message: msg.publishing.noAvailableSlot },
  PLAN_REQUIRED: { status: 403, message: msg.publishing.aclNeedsPlan },
  COMMENTS_DISABLED: { status: 403, message: msg.social.commentsDisabled },
  INSUFFICIENT_CREDITS: { status: 402, message: msg.marketplace.insufficientCredits },
  PAYMENT_DECLINED: { status: 402, message: msg.payments.cardDeclined },
  PAYMENT_PROVIDER_FAILED: { status: 502, message: 'The payment provider could not be reached' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported' },
  NOT_A_VRM: { status: 415, message: 'This model is not a VRM avatar' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please slow down' },
  INTERNAL: { status: 500, message: msg.somethingWentWrong },
  UNAVAILABLE: { status: 503, message: 'The service is not ready' },
  COMMUNICATIONS_DISABLED: { status: 403, message: VOICE_MESSAGES.communicationsDisabled },
  VOICE_MUTED: { status: 403, message: VOICE_MESSAGES.mutedByOwner },
  VOICE_NOT_SET_UP: { status: 503, message: VOICE_MESSAGES.notSetUp },
  DISTRICT_ACCESS_DENIED: { status: 403, message: msg.districts.noAccessText },
  SUBDOMAIN_TAKEN: { status: 409, message: msg.districts.subdomainTaken },
  INVITATION_USED: { status: 409, message: msg.districts.invitationUsed },
  INVITATION_EXPIRED: { status: 410, message: msg.districts.invitationExpired },
  INVITATION_WRONG_ACCOUNT: { status: 403, message: msg.districts.invitationWrongAccount },
  /** Issue 20 block list: a party invitation, greeting or direct message between blocked people. */
  BLOCKED: { status: 403, message: msg.blocks.blockedYou },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = details;
  }
}

export const isErrorBody = (v: unknown): v is ErrorBody =>
  typeof v === 'object' && v !== null && 'error' in v && typeof (v as ErrorBody).error?.code === 'string';
