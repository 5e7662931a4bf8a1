import {
  AppError,
  migrateSceneDocument,
  withoutUnsafeLinks,
  SceneDocumentValidationError,
  SceneDocumentVersionError,
  type SceneDocument,
  type SceneMetadata,
} from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccessRow, SceneMetaRow, ScenesRepo } from './repo.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';

export interface VersionedDocument {
  document: SceneDocument;
  etag: string;
}

export function toMetadata(row: SceneMetaRow): SceneMetadata {
  return {
    sceneId: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    coverPhotoUri: row.coverPhotoUri,
    thumbnailUri: row.thumbnailUri,
    spaceTemplateId: row.spaceTemplateId,
    state: row.state,
    visible: row.visible,
    publishedPublic: row.publishedPublic,
    creatorId: row.creatorId,
    ownerId: row.ownerId,
    creator: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    photoGallery: row.photoGallery,
    ...districtFields(row),
  };
}

/** Spec §3 district fields of a space, kept on its row by the database (migration 0029). */
export const districtFields = (
  row: Pick<SceneMetaRow, 'districtId' | 'districtSubdomain' | 'publishedPublicDistricts' | 'publishedPrivateDistricts'>,
): Pick<SceneMetadata, 'districtId' | 'districtSubdomain' | 'publishedPublicDistricts' | 'publishedPrivateDistricts'> => ({
  districtId: row.districtId,
  districtSubdomain: row.districtSubdomain,
  publishedPublicDistricts: row.publishedPublicDistricts,
  publishedPrivateDistricts: row.publishedPrivateDistricts,
});

/** Stored documents may be older versions; every read migrates so old scenes always open. */
export function readDocument(raw: unknown): SceneDocument {
  try {
    return migrateSceneDocument(raw);
  } catch (err) {
    if (err instanceof SceneDocumentValidationError) {
      const cleaned = withoutUnsafeLinks(raw);
      if (cleaned.dropped > 0) return readDocument(cleaned.doc);
    }
    if (err instanceof SceneDocumentVersionError) throw new AppError('SCENE_VERSION_UNSUPPORTED', err.message);
    if (err instanceof SceneDocumentValidationError)
      throw new AppError('SCENE_INVALID', err.message, { issues: err.issues.slice(0, 20) });
    throw err;
  }
}

/** Throws when the actor may not read this published space (the publishing module's privacy lists). */
export type ReadGuard = (actor: Actor | null, row: SceneAccessRow) => Promise<void>;

export class ScenesService {
  private readonly repo: ScenesRepo;
  private readonly guard: ReadGuard | undefined;
  constructor(repo: ScenesRepo, guard?: ReadGuard) {
    this.repo = repo;
    this.guard = guard;
  }

  async publishedMetadata(id: string, actor: Actor | null = null): Promise<SceneMetadata> {
    const row = await this.repo.findPublished(id);
    if (!row) throw new AppError('NOT_FOUND', 'This space does not exist or is not published');
    await this.guard?.(actor, row);
    const creator = row.creatorId ? await this.repo.findCreator(row.creatorId) : undefined;
    return {
      ...toMetadata(row),
      creator:
        row.creatorId && creator
          ? { userId: row.creatorId, name: creator.name ?? '', profilePicture: profilePictureUrl(row.creatorId, creator.profilePicture) }
          : null,
    };
  }

  async publishedContent(id: string, actor: Actor | null = null): Promise<VersionedDocument> {
    const row = await this.repo.findPublished(id);
    if (!row || row.publishedContent === null) throw new AppError('NOT_FOUND', 'This space does not exist or is not published');
    await this.guard?.(actor, row);
    return { document: readDocument(row.publishedContent), etag: `"${row.id}-p${row.publishedContentVersion ?? 0}"` };
  }
}
