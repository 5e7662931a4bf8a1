import type { SceneMetadata } from '@atrium/shared';
import { api, call } from '../../api/client.ts';

// Published spaces come from publishedscene/*; `?draft=true` reads the owner's working copy from
// scene/* (owner-only on the server, so a stranger's draft answers like a missing space).

export interface SceneSource {
  sceneId: string;
  draft: boolean;
}

// A refused visitor gets the access-denied page (ErrorScreen), which says it all: no 403 toast on top.
const quiet = { quietForbidden: true };

export const fetchMetadata = (s: SceneSource): Promise<SceneMetadata> => {
  const params = { params: { path: { id: s.sceneId } } };
  return s.draft
    ? call(api.GET('/api/scene/metadata/{id}', params), quiet)
    : call(api.GET('/api/publishedscene/metadata/{id}', params), quiet);
};

/** The raw document: the engine migrates and validates it, so older versions still open. */
export const fetchContent = (s: SceneSource) => {
  const params = { params: { path: { id: s.sceneId } } };
  return s.draft
    ? call(api.GET('/api/scene/content/{id}', params), quiet)
    : call(api.GET('/api/publishedscene/content/{id}', params), quiet);
};
