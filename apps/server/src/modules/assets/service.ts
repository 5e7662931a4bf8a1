import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { newId } from '../../db/newId.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  ASSET_DEFAULTS,
  AppError,
  UPLOAD_MIME_TYPES,
  assetPatchBody,
  assetUploadFields,
  msg,
  supportedFormats,
  youtubeId,
  youtubeThumbnailUrl,
  type Asset,
  type AssetKind,
  type AssetListQuery,
} from '@atrium/shared';
import type { ByteRange, Storage } from '../../storage/index.ts';
import type { Actor } from '../../plugins/actor.ts';
import { keyFor, type Output } from './keys.ts';
import { ffmpegAvailable, posterFrame, probe } from './media.ts';
import type { HashedBytes } from './models/ingest.ts';
import { runIngestWorker } from './models/runWorker.ts';
import { checkVrm, vrmPreview } from './models/vrm.ts';
import { processPicture, thumbnailOf } from './pictures.ts';
import type { AssetRow, AssetsRepo, NewAsset } from './repo.ts';
import type { Upload } from './upload.ts';
import { toAsset } from './view.ts';

export interface AssetsServiceDeps {
  repo: AssetsRepo;
  storage: Storage;
  /** The owner's "show content library" setting (users service). */
  canSeeLibrary: (viewer: Actor | null, ownerId: string) => Promise<boolean>;
  /** Whether a space the viewer may read publishes this asset (publishing's access rule). */
  readableViaSpace: (viewer: Actor | null, assetId: string) => Promise<boolean>;
  /** Starts background optimisation of a model (job queue). */
  enqueueModel: (assetId: string) => void;
  log?: FastifyBaseLogger;
}

const COMMON = ['title', 'description', 'tags', 'licenseId', 'collisions', 'interactive', 'defaultSize'] as const;
const TEXT_KINDS: AssetKind[] = ['text3d', 'hyperText'];

const required = () => new AppError('VALIDATION_FAILED', msg.required, { fieldErrors: { file: [msg.required] } });
const forbidden = () => new AppError('FORBIDDEN');
const notFound = () => new AppError('NOT_FOUND', 'This item does not exist');

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? '_')] ??= []).push(i.message);
  return out;
}

/** Splits validated fields into the table's common columns and the kind's own `fields`. */
function splitFields(values: Record<string, unknown>) {
  const columns: Partial<NewAsset> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((COMMON as readonly string[]).includes(k)) (columns as Record<string, unknown>)[k] = v;
    else rest[k] = v;
  }
  return { columns, rest };
}

const titleFrom = (name: string) => path.basename(name, path.extname(name)).replace(/[_-]+/g, ' ').trim().slice(0, 100);

export class AssetsService {
  private readonly d: AssetsServiceDeps;
  constructor(deps: AssetsServiceDeps) {
    this.d = deps;
  }

  licenses() {
    return this.d.repo.licenses().then((rows) => rows.map((l) => ({ licenseId: l.id, title: l.title, url: l.url })));
  }

  private parseFields(kind: AssetKind, raw: Record<string, unknown>, patch: boolean) {
    const schema = patch ? assetPatchBody(kind) : assetUploadFields(kind);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message, { fieldErrors: fieldErrors(parsed.error.issues) });
    }
    return parsed.data as Record<string, unknown>;
  }

  private async checkLicense(values: Record<string, unknown>) {
    const id = values.licenseId;
    if (typeof id === 'string' && !(await this.d.repo.licenseExists(id))) {
      throw new AppError('VALIDATION_FAILED', 'Unknown licence', { fieldErrors: { licenseId: ['Unknown licence'] } });
    }
  }

  /** Spec §3 defaults for fields the upload left out (collisions None for texts). */
  private withDefaults(kind: AssetKind, values: Record<string, unknown>): Record<string, unknown> {
    const kindDefaults =
      kind === 'video'
        ? ASSET_DEFAULTS.video
        : kind === 'picture'
          ? ASSET_DEFAULTS.picture
          : kind === 'model3d'
            ? ASSET_DEFAULTS.model3d
            : TEXT_KINDS.includes(kind)
              ? ASSET_DEFAULTS.text
              : {};
    return { ...ASSET_DEFAULTS.common, ...kindDefaults, ...values };
  }

  /**
   * Validates, processes and stores one upload. Every derived file is written before the row is
   * inserted; if anything fails, the files already written are removed, so a rejected upload leaves
   * nothing in storage or the database.
   */
  async upload(actor: Actor | null, kind: AssetKind, upload: Upload): Promise<Asset> {
    if (!actor) throw new AppError('UNAUTHENTICATED');
    const values = this.withDefaults(kind, this.parseFields(kind, upload.fields, false));
    await this.checkLicense(values);
    const id = newId();
    const written: string[] = [];
    const put = async (o: Output) => {
      const key = keyFor(actor.userId, id, o);
      written.push(key);
      await this.d.storage.put(key, o.bytes, o.mime);
      return key;
    };
    try {
      const row = await this.build(kind, actor.userId, id, values, upload, put);
      const saved = await this.d.repo.insert(row);
      if (saved.status === 'processing') this.d.enqueueModel(saved.id);
      return toAsset((await this.d.repo.findById(saved.id))!);
    } catch (err) {
      await Promise.all(written.map((k) => this.d.storage.delete(k).catch(() => undefined)));
      throw err;
    }
  }

  private async build(
    kind: AssetKind,
    ownerId: string,
    id: string,
    values: Record<string, unknown>,
    upload: Upload,
    put: (o: Output) => Promise<string>,
  ): Promise<NewAsset> {
    const { files } = upload;
    const base = { id, ownerId, kind };
    if (kind !== 'model3d' && files.length > 1) throw new AppError('VALIDATION_FAILED', msg.asset.onlyOne(kind === 'picture' ? 'image' : kind));
    const file = files[0];
    if (!values.title && file) values.title = titleFrom(file.name);
    const { columns, rest } = splitFields(values);

    switch (kind) {
      case 'picture': {
        if (!file) throw required();
        const pic = await processPicture(file.path);
        const keys: Record<string, string> = {};
        for (const o of pic.outputs) keys[o.variant] = await put(o);
        return { ...base, ...columns, fields: rest, files: keys, mime: pic.mime, sizeBytes: pic.outputs[0]!.bytes.length, width: pic.width, height: pic.height };
      }
      case 'video': {
        if (rest.provider === 'Youtube') {
          // Spec §3: for a YouTube provider a missing link is copied from the other field.
          const link = String(rest.youtubeUrl || upload.fields.videoUrl || '');
          const yt = youtubeId(link);
          if (!yt) throw new AppError('VALIDATION_FAILED', msg.asset.youtubeInvalid, { fieldErrors: { youtubeUrl: [msg.asset.youtubeInvalid] } });
          if (file) throw new AppError('VALIDATION_FAILED', msg.asset.onlyOne('video source'));
          return { ...base, ...columns, fields: { ...rest, youtubeUrl: link, youtubeId: yt, thumbnailUrl: youtubeThumbnailUrl(yt) }, mime: null };
        }
        if (!file) throw new AppError('VALIDATION_FAILED', msg.asset.videoRequired, { fieldErrors: { file: [msg.asset.videoRequired] } });
        return this.media('video', base, columns, rest, file.path, file.name, put);
      }
      case 'audio': {
        if (!file) throw required();
        return this.media('audio', base, columns, rest, file.path, file.name, put);
      }
      case 'model3d': {
        if (files.length === 0) throw required();
        // Validation and the glTF read/write run in a worker; the stored files come back hashed.
        const model = await runIngestWorker(files);
        const counts = model.counts;
        const stored = (b: HashedBytes) => ({ bytes: Buffer.from(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength), hash: b.hash, ext: b.ext });
        const source = stored(model.source);
        const keys = {
          source: await put({ variant: 'source', ...source, mime: 'model/gltf-binary' }),
          original: await put({ variant: 'original', ...stored(model.original), mime: 'application/octet-stream' }),
        };
        return {
          ...base,
          ...columns,
          fields: { ...rest, format: model.format, modelName: model.modelName },
          files: keys,
          mime: 'model/gltf-binary',
          sizeBytes: source.bytes.length,
          // Counts before optimisation, so the dialog can show them while the job runs.
          stats: { ...counts, trianglesBefore: counts.triangles, inputBytes: model.inputBytes, validatorWarnings: model.validatorWarnings },
          status: 'processing',
          progress: 0,
        };
      }
      case 'avatar': {
        if (!file) throw required();
        const bytes = await fsp.readFile(file.path);
        const vrm = await checkVrm(file.name, bytes);
        if (vrm.name && !upload.fields.title) columns.title = vrm.name;
        const preview = await vrmPreview(bytes, vrm.version);
        const keys: Record<string, string> = {
          main: await put({ variant: 'main', bytes, ext: 'vrm', mime: 'model/gltf-binary' }),
        };
        if (preview) keys.thumbnail = await put({ variant: 'thumbnail', bytes: preview.thumbnail, ext: 'webp', mime: 'image/webp' });
        return {
          ...base,
          ...columns,
          fields: { ...rest, vrmVersion: vrm.version },
          files: keys,
          mime: 'model/gltf-binary',
          sizeBytes: bytes.length,
          ...(preview ? { stats: { ...preview.counts, inputBytes: bytes.length, validatorWarnings: vrm.validatorWarnings } } : {}),
        };
      }
      default: {
        if (file) throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType('none (this kind has no file)'));
        if (kind === 'webView3d' && !rest.url) throw new AppError('VALIDATION_FAILED', msg.asset.webViewHttps, { fieldErrors: { url: [msg.required] } });
        if (TEXT_KINDS.includes(kind) && !rest.text) throw new AppError('VALIDATION_FAILED', msg.fieldRequired, { fieldErrors: { text: [msg.fieldRequired] } });
        if (kind === 'hyperText' && !rest.hyperlink) throw new AppError('VALIDATION_FAILED', msg.fieldRequired, { fieldErrors: { hyperlink: [msg.fieldRequired] } });
        if (!columns.title) columns.title = String(rest.text ?? rest.url ?? '').slice(0, 100);
        return { ...base, ...columns, fields: rest, mime: null };
      }
    }
  }

  /** Video and audio: bytes sniffed, probed with ffprobe (duration, size), poster frame for video. */
  private async media(
    kind: 'video' | 'audio',
    base: { id: string; ownerId: string; kind: AssetKind },
    columns: Partial<NewAsset>,
    rest: Record<string, unknown>,
    file: string,
    name: string,
    put: (o: Output) => Promise<string>,
  ): Promise<NewAsset> {
    const type = await fileTypeFromFile(file);
    const audioOgg = type?.mime === 'audio/ogg';
    const ok =
      type &&
      ((UPLOAD_MIME_TYPES[kind] as readonly string[]).includes(type.mime) || (kind === 'video' && audioOgg));
    const wrong = () =>
      kind === 'audio'
        ? new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.notAudio(name, supportedFormats('audio')))
        : new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType(supportedFormats('video')));
    if (!ok) throw wrong();
    const withFfmpeg = await ffmpegAvailable();
    const info = withFfmpeg ? await probe(file) : null;
    if (withFfmpeg && (!info || (kind === 'video' ? !info.hasVideo : !info.hasAudio))) throw wrong();
    const bytes = await fsp.readFile(file);
    const keys: Record<string, string> = {
      main: await put({ variant: 'main', bytes, ext: type.ext, mime: audioOgg && kind === 'video' ? 'video/ogg' : type.mime }),
    };
    const fields = { ...rest };
    if (kind === 'video') {
      const poster = withFfmpeg ? await posterFrame(file, info?.duration ?? null) : null;
      if (poster) {
        keys.poster = await put({ variant: 'poster', bytes: poster, ext: 'jpg', mime: 'image/jpeg' });
        keys.thumbnail = await put({ variant: 'thumbnail', bytes: await thumbnailOf(poster), ext: 'webp', mime: 'image/webp' });
      } else {
        fields.notice = msg.asset.noPoster;
        this.d.log?.warn('ffmpeg is not installed: video stored without a poster frame');
      }
    }
    return {
      ...base,
      ...columns,
      fields,
      files: keys,
      mime: audioOgg && kind === 'video' ? 'video/ogg' : type.mime,
      sizeBytes: bytes.length,
      ...(info?.width ? { width: info.width } : {}),
      ...(info?.height ? { height: info.height } : {}),
      ...(info?.duration != null ? { duration: info.duration } : {}),
    };
  }

  /**
   * Owner, or anyone when the owner shows the library, or whoever may read a space whose published
   * version uses the asset, or (VRM avatars) anyone while it is someone's chosen avatar: every visitor
   * of a space they enter loads it.
   */
  private async canView(actor: Actor | null, row: AssetRow) {
    if (actor?.userId === row.ownerId) return true;
    if (await this.d.canSeeLibrary(actor, row.ownerId)) return true;
    if (row.kind === 'avatar') return this.d.repo.usedAsAvatar(row.id);
    return this.d.readableViaSpace(actor, row.id);
  }

  private async ownRow(actor: Actor | null, id: string, kind?: AssetKind) {
    if (!actor) throw new AppError('UNAUTHENTICATED');
    const row = await this.d.repo.findById(id);
    if (!row || (kind && row.kind !== kind)) throw notFound();
    if (row.ownerId !== actor.userId) throw forbidden();
    return row;
  }

  async get(actor: Actor | null, id: string, kind?: AssetKind): Promise<Asset> {
    const row = await this.d.repo.findById(id);
    if (!row || (kind && row.kind !== kind)) throw notFound();
    if (!(await this.canView(actor, row))) throw forbidden();
    return toAsset(row);
  }

  async patch(actor: Actor | null, kind: AssetKind, id: string, body: Record<string, unknown>): Promise<Asset> {
    const row = await this.ownRow(actor, id, kind);
    const values = this.parseFields(kind, body, true);
    await this.checkLicense(values);
    const { columns, rest } = splitFields(values);
    await this.d.repo.update(id, { ...columns, fields: { ...(row.fields as Record<string, unknown>), ...rest } });
    return toAsset((await this.d.repo.findById(id))!);
  }

  async delete(actor: Actor | null, kind: AssetKind | undefined, id: string): Promise<void> {
    const row = await this.ownRow(actor, id, kind);
    if (row.kind === 'avatar') await this.d.repo.clearAvatarChoice(id);
    await this.d.repo.delete(id);
    await this.d.storage.deletePrefix(`assets/${row.ownerId}/${row.id}`);
  }

  async list(actor: Actor | null, kind: AssetKind, q: AssetListQuery) {
    const ownerId = q.userId ?? actor?.userId;
    if (!ownerId) throw new AppError('UNAUTHENTICATED');
    if (!(await this.d.canSeeLibrary(actor, ownerId))) throw new AppError('FORBIDDEN', msg.asset.libraryHidden);
    const kinds: AssetKind[] = kind === 'text3d' && q.myLibrary === 'true' ? ['hyperText'] : [kind];
    const { items, total } = await this.d.repo.listByOwner(ownerId, kinds, q);
    return { items: items.map(toAsset), total };
  }

  /** A stored file of an asset for the file service, after the same access check as `get`. */
  async file(actor: Actor | null, id: string, variant: string) {
    const row = await this.d.repo.findById(id);
    if (!row) throw notFound();
    if (!(await this.canView(actor, row))) throw forbidden();
    const files = row.files ?? {};
    const key = variant === 'main' ? (files.main ?? files.source) : files[variant];
    if (!key) throw notFound();
    const stat = await this.d.storage.stat(key);
    if (!stat) throw notFound();
    const mime = variant === 'main' || variant === 'source' ? (row.mime ?? 'application/octet-stream') : mimeOfKey(key);
    const storage = this.d.storage;
    return { key, mime, size: stat.size, open: (range?: ByteRange) => storage.get(key, range) };
  }
}

const MIME_BY_EXT: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  glb: 'model/gltf-binary',
  vrm: 'model/gltf-binary',
  zip: 'application/zip',
  gltf: 'model/gltf+json',
  obj: 'text/plain',
};
const mimeOfKey = (key: string) => MIME_BY_EXT[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
