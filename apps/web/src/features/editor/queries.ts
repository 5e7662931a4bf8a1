import type { SceneDocument } from '@atrium/shared';
import { api, call, formData } from '../../api/client.ts';

// Spec §7 Scene service, the owner's side.
const path = (sceneId: string) => ({ path: { id: sceneId } });

export const fetchDraftsLimit = () => call(api.GET('/api/scene/metadata/draftsLimit'));
export const fetchMyMetadata = (sceneId: string) => call(api.GET('/api/scene/metadata/{id}', { params: path(sceneId) }));
export const fetchDraftContent = (sceneId: string) => call(api.GET('/api/scene/content/{id}', { params: path(sceneId) }));

/** Multipart, as the spec's create call: fields plus an optional cover; an empty template id means a custom space. */
export const createSceneMetadata = (fields: { title: string; spaceTemplateId: string | null }) =>
  call(
    api.POST('/api/scene/metadata', {
      body: { title: fields.title, spaceTemplateId: fields.spaceTemplateId ?? '' },
      bodySerializer: formData,
    }),
  );

export const patchSceneMetadata = (sceneId: string, fields: { title: string; spaceTemplateId: string | null }) =>
  call(
    api.PATCH('/api/scene/metadata/{id}', {
      params: path(sceneId),
      body: { title: fields.title, spaceTemplateId: fields.spaceTemplateId ?? '' },
      bodySerializer: formData,
    }),
  );

export const putSceneContent = (sceneId: string, baseVersion: number, document: SceneDocument) =>
  call(api.PUT('/api/scene/content/{id}', { params: path(sceneId), body: { baseVersion, document } }));
