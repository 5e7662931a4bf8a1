import {
  AppError,
  checkSceneSize,
  createSceneFields,
  draftEtag,
  draftsLimitFor,
  emptySceneDocument,
  migrateSceneDocument,
  msg,
  patchSceneFields,
  SCENE_DOCUMENT_LIMITS,
  SceneDocumentValidationError,
  SceneDocumentVersionError,
  sceneJsonBytes,
  sceneTooLargeMessage,
  untitledSpaceTitle,
  type DraftsLimitStatus,
  type MySceneMetadata,
  type PutSceneContentBody,
  type PutSceneContentResult,
  type SceneConflictDetails,
  type SceneDocument,
} from '@atrium/shared';
import type { z } from 'zod';
import type { Storage } from '../../storage/index.ts';
import type { Actor } from '../users/actor.ts';
import { processImage } from '../users/images.ts';
import type { ScenesRepo, SceneRow } from './repo.ts';
import { readDocument, toMetadata, type ReadGuard, type VersionedDocument } from './service.ts';

const coverKey = (sceneId: string) => `scenes/${sceneId}/cover.jpg`;
// The version in the query changes with every upload, so the cover URL can be cached forever.
const coverUri = (sceneId: string) => `/api/scene/metadata/${sceneId}/cover?v=${Date.now().toString(36)}`;

export const toMyMetadata = (row: SceneRow): MySceneMetadata => ({ ...toMetadata(row), contentVersion: row.contentVersion });

function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const i of parsed.error.issues) (fieldErrors[i.path.join('.') || '_'] ??= []).push(i.message);
  const [field, errs] = Object.entries(fieldErrors)[0]!;
  throw new AppError('VALIDATION_FAILED', `${field}: ${errs[0]}`, { fieldErrors });
}

/**
 * The owner's Scene service (spec §7 scene/metadata and scene/content): drafts, their documents and
 * covers. Every method checks the actor owns the scene before touching anything else.
 */
export class OwnerScenesService {
  private readonly repo: ScenesRepo;
  private readonly storage: Storage;
  private readonly guard: ReadGuard | undefined;
  constructor(deps: { repo: ScenesRepo; storage: Storage; readGuard?: ReadGuard }) {
    this.repo = deps.repo;
    this.storage = deps.storage;
    this.guard = deps.readGuard;
  }

  /** Spec §7: success means the user may create another draft; otherwise 403 with the limit message. */
  async draftsLimit(actor: Actor): Promise<DraftsLimitStatus> {
    const limit = draftsLimitFor(actor.role);
    const used = await this.repo.countDrafts(actor.userId);
    if (limit !== null && used >= limit) throw this.limitReached(limit);
    return { limit, used };
  }

  async my(actor: Actor, q: { cp: number; ipp: number; state?: SceneRow['state'] | undefined }) {
    const { items, total } = await this.repo.listByOwner(actor.userId, q.cp, q.ipp, q.state);
    return { items: items.map(toMyMetadata), total };
  }

  async metadata(actor: Actor, id: string): Promise<MySceneMetadata> {
    return toMyMetadata(await this.owned(actor, id));
  }

  async content(actor: Actor, id: string): Promise<VersionedDocument & { version: number }> {
    const row = await this.owned(actor, id);
    return { document: readDocument(row.content), etag: draftEtag(row.id, row.contentVersion), version: row.contentVersion };
  }

  async create(actor: Actor, input: unknown, cover?: Buffer): Promise<MySceneMetadata> {
    const fields = parseFields(createSceneFields, input);
    // Decode the cover before inserting, so a bad image never leaves a half-made draft behind.
    const jpeg = cover ? await processImage('coverPhoto', cover) : undefined;
    const row = await this.repo.insertDraftWithin(
      {
        ownerId: actor.userId,
        creatorId: actor.userId,
        title: fields.title || untitledSpaceTitle(),
        description: fields.description ?? '',
        tags: fields.tags ?? [],
        spaceTemplateId: fields.spaceTemplateId ?? null,
        content: emptySceneDocument(),
      },
      draftsLimitFor(actor.role),
    );
    if (!row) throw this.limitReached(draftsLimitFor(actor.role) ?? 0);
    if (!jpeg) return toMyMetadata(row);
    await this.storage.put(coverKey(row.id), jpeg);
    return toMyMetadata((await this.repo.updateMetadata(row.id, { coverPhotoUri: coverUri(row.id) }))!);
  }

  async update(actor: Actor, id: string, input: unknown, cover?: Buffer): Promise<MySceneMetadata> {
    await this.owned(actor, id);
    const fields = parseFields(patchSceneFields, input);
    const jpeg = cover ? await processImage('coverPhoto', cover) : undefined;
    if (jpeg) await this.storage.put(coverKey(id), jpeg);
    const row = await this.repo.updateMetadata(id, {
      ...(fields.title !== undefined ? { title: fields.title || untitledSpaceTitle() } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
      ...(fields.spaceTemplateId !== undefined ? { spaceTemplateId: fields.spaceTemplateId } : {}),
      ...(jpeg ? { coverPhotoUri: coverUri(id) } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', msg.scene.notFound);
    return toMyMetadata(row);
  }

  /**
   * Replaces the draft document. Order: owner check, size cap (413), validation (400 naming the
   * path), then a compare-and-set on contentVersion (409 when another tab saved in between).
   */
  async putContent(actor: Actor, id: string, body: PutSceneContentBody): Promise<PutSceneContentResult> {
    await this.owned(actor, id);
    const bytes = sceneJsonBytes(body.document);
    if (bytes > SCENE_DOCUMENT_LIMITS.maxJsonBytes) throw new AppError('PAYLOAD_TOO_LARGE', sceneTooLargeMessage());
    const document = validateDocument(body.document);
    const size = checkSceneSize(document);
    if (!size.withinLimits) throw new AppError('PAYLOAD_TOO_LARGE', sceneTooLargeMessage(), { bytes: size.bytes, items: size.items });
    const saved = await this.repo.replaceContent(id, body.baseVersion, document);
    if (!saved) {
      const now = await this.repo.findById(id);
      if (!now) throw new AppError('NOT_FOUND', msg.scene.notFound);
      const details: SceneConflictDetails = { currentVersion: now.contentVersion, updatedAt: now.updatedAt.toISOString() };
      throw new AppError('SCENE_VERSION_CONFLICT', undefined, details);
    }
    return { contentVersion: saved.contentVersion, etag: draftEtag(id, saved.contentVersion), bytes: size.bytes, items: size.items };
  }

  /** The cover is public once the space is published and visible; before that only its owner sees it. */
  async cover(actor: Actor | null, id: string) {
    const row = await this.repo.findById(id);
    const visible = row && ((row.state === 'Published' && row.visible) || row.ownerId === actor?.userId);
    if (visible) await this.guard?.(actor, row);
    const file = visible && row.coverPhotoUri ? await this.storage.get(coverKey(id)) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  private async owned(actor: Actor, id: string): Promise<SceneRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', msg.scene.notFound);
    if (row.ownerId !== actor.userId) throw new AppError('FORBIDDEN');
    return row;
  }

  private limitReached(limit: number) {
    return new AppError('DRAFTS_LIMIT_REACHED', msg.scene.draftsLimitReached(limit), { limit });
  }
}

/** Writes accept older document versions (migrated) but never store anything that fails the schema. */
function validateDocument(raw: unknown): SceneDocument {
  try {
    return migrateSceneDocument(raw);
  } catch (err) {
    if (err instanceof SceneDocumentVersionError) throw new AppError('SCENE_VERSION_UNSUPPORTED', err.message);
    if (err instanceof SceneDocumentValidationError)
      throw new AppError('VALIDATION_FAILED', err.message, { issues: err.issues.slice(0, 20) });
    throw err;
  }
}
