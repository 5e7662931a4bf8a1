import {
  AppError,
  countSceneItems,
  createSceneFields,
  draftEtag,
  draftsLimitFor,
  emptySceneDocument,
  migrateSceneDocument,
  msg,
  patchSceneFields,
  PUBLISH_LIMITS,
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
import { newId } from '../../db/newId.ts';
import type { z } from 'zod';
import type { Storage } from '../../storage/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { processImage } from '../users/images.ts';
import type { SceneAccessRow, SceneMetaRow, ScenesRepo, SceneRow } from './repo.ts';
import { readDocument, toMetadata, type ReadGuard, type VersionedDocument } from './service.ts';

/** Publishing's owner check: throws 404 for a space the actor cannot see, 403 for one they can. */
export type OwnerGuard = (actor: Actor, row: SceneAccessRow | undefined) => Promise<void>;
/** Throws unless the actor may build on this template (premium templates are bought first). */
export type TemplateGuard = (actor: Actor, spaceTemplateId: string) => Promise<void>;

const coverKey = (sceneId: string) => `scenes/${sceneId}/cover.jpg`;
// Gallery photos are immutable: a photo's id (uuidv7) is its version, so its URL can be cached forever.
const galleryKey = (sceneId: string, photoId: string) => `scenes/${sceneId}/gallery/${photoId}.jpg`;
const galleryUri = (sceneId: string, photoId: string) => `/api/scene/metadata/${sceneId}/gallery/${photoId}`;
const galleryPhotoId = (sceneId: string, uri: string) => {
  const prefix = galleryUri(sceneId, '');
  return uri.startsWith(prefix) ? uri.slice(prefix.length) : null;
};
// The version in the query changes with every upload, so the cover URL can be cached forever.
const coverUri = (sceneId: string) => `/api/scene/metadata/${sceneId}/cover?v=${Date.now().toString(36)}`;

export const toMyMetadata = (row: SceneMetaRow): MySceneMetadata => ({ ...toMetadata(row), contentVersion: row.contentVersion });

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
  private readonly ownerGuard: OwnerGuard | undefined;
  private readonly templateGuard: TemplateGuard | undefined;
  constructor(deps: { repo: ScenesRepo; storage: Storage; readGuard?: ReadGuard; ownerGuard?: OwnerGuard; templateGuard?: TemplateGuard }) {
    this.repo = deps.repo;
    this.storage = deps.storage;
    this.guard = deps.readGuard;
    this.ownerGuard = deps.ownerGuard;
    this.templateGuard = deps.templateGuard;
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
    return toMyMetadata(await this.owned(actor, id, (i) => this.repo.findMetadata(i)));
  }

  /** Throws unless the actor owns the scene (404 or 403 as publishing decides); reads no document. */
  async assertOwner(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id, (i) => this.repo.findAccess(i));
  }

  async content(actor: Actor, id: string): Promise<VersionedDocument & { version: number }> {
    const row = await this.owned(actor, id, (i) => this.repo.findDraft(i));
    return { document: readDocument(row.content), etag: draftEtag(row.id, row.contentVersion), version: row.contentVersion };
  }

  async create(actor: Actor, input: unknown, cover?: Buffer, gallery: Buffer[] = []): Promise<MySceneMetadata> {
    const fields = parseFields(createSceneFields, input);
    if (fields.spaceTemplateId) await this.templateGuard?.(actor, fields.spaceTemplateId);
    // Decode the pictures before inserting, so a bad image never leaves a half-made draft behind.
    const jpeg = cover ? await processImage('coverPhoto', cover) : undefined;
    const order = galleryOrder([], fields.photoGallery, gallery.length);
    const photos = await Promise.all(gallery.map((g) => processImage('galleryPhoto', g)));
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
    if (!jpeg && !photos.length) return toMyMetadata(row);
    if (jpeg) await this.storage.put(coverKey(row.id), jpeg);
    const photoGallery = photos.length ? await this.storeGallery(row.id, order, photos) : undefined;
    return toMyMetadata((await this.repo.updateMetadata(row.id, { ...(jpeg ? { coverPhotoUri: coverUri(row.id) } : {}), ...(photoGallery ? { photoGallery } : {}) }))!);
  }

  async update(actor: Actor, id: string, input: unknown, cover?: Buffer, gallery: Buffer[] = []): Promise<MySceneMetadata> {
    const before = await this.owned(actor, id, (i) => this.repo.findMetadata(i));
    const fields = parseFields(patchSceneFields, input);
    // Keeping the template the space already has needs no new check; switching to another does.
    if (fields.spaceTemplateId && fields.spaceTemplateId !== before.spaceTemplateId) await this.templateGuard?.(actor, fields.spaceTemplateId);
    const changeGallery = fields.photoGallery !== undefined || gallery.length > 0;
    const order = changeGallery ? galleryOrder(before.photoGallery, fields.photoGallery, gallery.length) : [];
    const jpeg = cover ? await processImage('coverPhoto', cover) : undefined;
    const photos = await Promise.all(gallery.map((g) => processImage('galleryPhoto', g)));
    if (jpeg) await this.storage.put(coverKey(id), jpeg);
    const photoGallery = changeGallery ? await this.storeGallery(id, order, photos) : undefined;
    const row = await this.repo.updateMetadata(id, {
      ...(fields.title !== undefined ? { title: fields.title || untitledSpaceTitle() } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
      ...(fields.spaceTemplateId !== undefined ? { spaceTemplateId: fields.spaceTemplateId } : {}),
      ...(jpeg ? { coverPhotoUri: coverUri(id) } : {}),
      ...(photoGallery ? { photoGallery } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', msg.scene.notFound);
    // Photos no longer listed go once the new list is stored (a failed delete only leaves a stray file).
    const removed = photoGallery ? before.photoGallery.filter((u) => !photoGallery.includes(u)) : [];
    for (const uri of removed) {
      const photoId = galleryPhotoId(id, uri);
      if (photoId) await this.storage.delete(galleryKey(id, photoId)).catch(() => undefined);
    }
    return toMyMetadata(row);
  }

  /** Stores the new photos and returns the gallery's URIs in the requested order. */
  private async storeGallery(id: string, order: GallerySlot[], photos: Buffer[]): Promise<string[]> {
    const fresh = await Promise.all(
      photos.map(async (jpeg) => {
        const photoId = newId();
        await this.storage.put(galleryKey(id, photoId), jpeg);
        return galleryUri(id, photoId);
      }),
    );
    return order.map((slot) => (typeof slot === 'string' ? slot : fresh[slot.upload]!));
  }

  /** A gallery photo, readable whenever the space's cover is. */
  async galleryPhoto(actor: Actor | null, id: string, photoId: string) {
    const row = await this.repo.findMetadata(id);
    const visible = row && ((row.state === 'Published' && row.visible) || row.ownerId === actor?.userId);
    if (visible) await this.guard?.(actor, row);
    const listed = visible && row.photoGallery.includes(galleryUri(id, photoId));
    const file = listed ? await this.storage.get(galleryKey(id, photoId)) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  /**
   * Replaces the draft document. Order: owner check, size cap (413), validation (400 naming the
   * path), then a compare-and-set on contentVersion (409 when another tab saved in between).
   * `requestBytes` (the body's length, when known) vouches for the raw document's size, so a
   * usual save serialises the document once: the validated text is measured and stored as is.
   */
  async putContent(actor: Actor, id: string, body: PutSceneContentBody, requestBytes?: number): Promise<PutSceneContentResult> {
    await this.assertOwner(actor, id);
    const rawFits = requestBytes !== undefined && requestBytes <= SCENE_DOCUMENT_LIMITS.maxJsonBytes;
    if (!rawFits && sceneJsonBytes(body.document) > SCENE_DOCUMENT_LIMITS.maxJsonBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', sceneTooLargeMessage());
    const document = validateDocument(body.document);
    const template = document.spaceTemplate?.spaceTemplateId;
    if (template && this.templateGuard && (await this.repo.findMetadata(id))?.spaceTemplateId !== template) await this.templateGuard(actor, template);
    const json = JSON.stringify(document);
    const bytes = Buffer.byteLength(json);
    const items = countSceneItems(document);
    if (bytes > SCENE_DOCUMENT_LIMITS.maxJsonBytes || items > SCENE_DOCUMENT_LIMITS.maxItems)
      throw new AppError('PAYLOAD_TOO_LARGE', sceneTooLargeMessage(), { bytes, items });
    const saved = await this.repo.replaceContent(id, body.baseVersion, json);
    if (!saved) {
      const now = await this.repo.findMetadata(id);
      if (!now) throw new AppError('NOT_FOUND', msg.scene.notFound);
      const details: SceneConflictDetails = { currentVersion: now.contentVersion, updatedAt: now.updatedAt.toISOString() };
      throw new AppError('SCENE_VERSION_CONFLICT', undefined, details);
    }
    return { contentVersion: saved.contentVersion, etag: draftEtag(id, saved.contentVersion), bytes, items };
  }

  /** The cover is public once the space is published and visible; before that only its owner sees it. */
  async cover(actor: Actor | null, id: string) {
    const row = await this.repo.findMetadata(id);
    const visible = row && ((row.state === 'Published' && row.visible) || row.ownerId === actor?.userId);
    if (visible) await this.guard?.(actor, row);
    const file = visible && row.coverPhotoUri ? await this.storage.get(coverKey(id)) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  /** Reads the scene through `read` (only the columns the caller needs) and checks the actor owns it. */
  private async owned<R extends SceneAccessRow>(actor: Actor, id: string, read: (id: string) => Promise<R | undefined>): Promise<R> {
    const row = await read(id);
    if (row && row.ownerId === actor.userId) return row;
    // Without publishing's rule (unit tests) nothing of another's is even acknowledged.
    if (this.ownerGuard) await this.ownerGuard(actor, row);
    throw new AppError('NOT_FOUND', msg.scene.notFound);
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

type GallerySlot = string | { upload: number };

/**
 * The gallery's new order: kept URIs must already be in the gallery, `new:<i>` names each upload
 * exactly once; without an order the uploads are appended. At most PUBLISH_LIMITS.galleryMax photos.
 */
function galleryOrder(existing: string[], order: string[] | undefined, uploads: number): GallerySlot[] {
  const wanted = order ?? [...existing, ...Array.from({ length: uploads }, (_, i) => `new:${i}`)];
  const used = new Set<string>();
  const slots = wanted.map((entry): GallerySlot => {
    if (used.has(entry)) throw galleryError(msg.publishing.galleryUnknownPhoto);
    used.add(entry);
    const m = /^new:(\d+)$/.exec(entry);
    if (m) {
      const upload = Number(m[1]);
      if (upload >= uploads) throw galleryError(msg.publishing.galleryUnknownPhoto);
      return { upload };
    }
    if (!existing.includes(entry)) throw galleryError(msg.publishing.galleryUnknownPhoto);
    return entry;
  });
  if (slots.filter((s) => typeof s !== 'string').length !== uploads) throw galleryError(msg.publishing.galleryUnknownPhoto);
  if (slots.length > PUBLISH_LIMITS.galleryMax) throw galleryError(msg.publishing.galleryTooMany(PUBLISH_LIMITS.galleryMax));
  return slots;
}

const galleryError = (message: string) => new AppError('VALIDATION_FAILED', message, { fieldErrors: { photoGallery: [message] } });
