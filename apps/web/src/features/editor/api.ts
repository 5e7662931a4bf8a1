import type { DraftsLimitStatus, MySceneMetadata, PutSceneContentResult, SceneDocument } from '@atrium/shared';
import { api } from '../../api/client.ts';

// Spec §7 Scene service, the owner's side.
const id = (sceneId: string) => encodeURIComponent(sceneId);

export const fetchDraftsLimit = () => api<DraftsLimitStatus>('GET', '/api/scene/metadata/draftsLimit');
export const fetchMyMetadata = (sceneId: string) => api<MySceneMetadata>('GET', `/api/scene/metadata/${id(sceneId)}`);
export const fetchDraftContent = (sceneId: string) => api<unknown>('GET', `/api/scene/content/${id(sceneId)}`);

/** Multipart, as the spec's create call: fields plus an optional cover. */
export function createSceneMetadata(fields: { title: string; spaceTemplateId: string | null }) {
  const form = new FormData();
  form.set('title', fields.title);
  form.set('spaceTemplateId', fields.spaceTemplateId ?? '');
  return api<MySceneMetadata>('POST', '/api/scene/metadata', form);
}

export function patchSceneMetadata(sceneId: string, fields: { title: string; spaceTemplateId: string | null }) {
  const form = new FormData();
  form.set('title', fields.title);
  form.set('spaceTemplateId', fields.spaceTemplateId ?? '');
  return api<MySceneMetadata>('PATCH', `/api/scene/metadata/${id(sceneId)}`, form);
}

export const putSceneContent = (sceneId: string, baseVersion: number, document: SceneDocument) =>
  api<PutSceneContentResult>('PUT', `/api/scene/content/${id(sceneId)}`, { baseVersion, document });
