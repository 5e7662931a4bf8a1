import { SceneDocumentValidationError, SceneDocumentVersionError } from '@atrium/shared/scene/migrations';
import { ApiError } from '../../api/ApiError.ts';

/** Every way opening a space can fail, each with its own screen; never a blank canvas. */
export type ViewerFailure = 'notFound' | 'denied' | 'invalid' | 'unsupported' | 'webgl' | 'failed';

export function classifyFailure(err: unknown): ViewerFailure {
  if (err instanceof SceneDocumentVersionError) return 'unsupported';
  if (err instanceof SceneDocumentValidationError) return 'invalid';
  if (err instanceof ApiError) {
    if (err.code === 'SCENE_VERSION_UNSUPPORTED') return 'unsupported';
    if (err.code === 'SCENE_INVALID') return 'invalid';
    // A malformed id cannot name any space; to the visitor that is the same as a missing one.
    if (err.status === 404 || err.code === 'VALIDATION_FAILED' || err.code === 'BAD_REQUEST') return 'notFound';
    if (err.status === 401 || err.status === 403) return 'denied';
  }
  return 'failed';
}
