import type { SceneMetadata } from '@atrium/shared';
import { api } from '../../api/client.ts';

// Published spaces come from publishedscene/*; `?draft=true` reads the owner's working copy from
// scene/* (owner-only on the server, so a stranger's draft answers like a missing space).

export interface SceneSource {
  sceneId: string;
  draft: boolean;
}

const base = (s: SceneSource) => (s.draft ? '/api/scene' : '/api/publishedscene');

// A refused visitor gets the access-denied page (ErrorScreen), which says it all: no 403 toast on top.
const quiet = { quietForbidden: true };

export const fetchMetadata = (s: SceneSource) =>
  api<SceneMetadata>('GET', `${base(s)}/metadata/${encodeURIComponent(s.sceneId)}`, undefined, quiet);

/** The raw document: the engine migrates and validates it, so older versions still open. */
export const fetchContent = (s: SceneSource) => api<unknown>('GET', `${base(s)}/content/${encodeURIComponent(s.sceneId)}`, undefined, quiet);
