import fsp from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../../db/newId.ts';
import {
  AppError,
  ARTSTEPS_IMPORT_LIMITS,
  ASSET_LIMITS,
  artstepsImportFields,
  type ArtstepsImportReport,
  type ArtstepsSkipReason,
  type Asset,
} from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import { sniffPicture } from '../assets/pictures.ts';
import type { Upload } from '../assets/upload.ts';
import { UnpackBudget, readZips } from '../assets/zip.ts';
import { IMPORT_ROOMS, emptyRoom } from './layout.ts';
import { imageKey, parseMetadata, type ArtworkText } from './metadata.ts';

/** What the importer needs of the assets and scenes modules, passed in by the app. */
export interface ImportsDeps {
  uploadPicture(actor: Actor, upload: Upload): Promise<Asset>;
  createDraft(actor: Actor, fields: { title: string; description: string; spaceTemplateId: string }): Promise<{ sceneId: string; contentVersion: number }>;
  /** Throws the drafts-limit error when the person may not create another draft. */
  assertCanCreateDraft(actor: Actor): Promise<unknown>;
  putContent(actor: Actor, id: string, body: { baseVersion: number; document: unknown }): Promise<unknown>;
  /** Whether the person may build on this template (a premium room only once bought). */
  canUseTemplate(actor: Actor, spaceTemplateId: string): Promise<boolean>;
}

const META_EXT = /\.(json|csv)$/i;
const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/**
 * Turns a gallery export (a zip of pictures plus a JSON or CSV of titles and descriptions) into a
 * new draft: each picture goes through the asset upload pipeline (type sniffing, pixel cap, EXIF
 * strip, variants) into the person's library, then hangs on a wall of a gallery template room.
 * Whatever cannot be imported is reported with its reason instead of failing the whole import.
 */
export class ImportsService {
  private readonly d: ImportsDeps;
  constructor(deps: ImportsDeps) {
    this.d = deps;
  }

  async artsteps(actor: Actor | null, upload: Upload): Promise<ArtstepsImportReport> {
    if (!actor) throw new AppError('UNAUTHENTICATED');
    const parsed = artstepsImportFields.safeParse(upload.fields);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid fields');
    const zip = upload.files[0];
    if (!zip) throw new AppError('VALIDATION_FAILED', 'Choose the zip file of your gallery export', { fieldErrors: { file: ['Required'] } });
    if (upload.files.length > 1) throw invalid('Upload one zip file');
    // Before any picture is stored: a person at their drafts limit gets the limit, not a half import.
    await this.d.assertCanCreateDraft(actor);
    // The upload pipeline's zip rules: entry count, unpacked size, ratio, no unsafe paths.
    const [entries] = await readZips([zip.path], new UnpackBudget());
    const files = [...entries!.entries()];
    const metaFile = files.find(([n]) => META_EXT.test(n) && !n.split('/').pop()!.startsWith('.'));
    if (metaFile && metaFile[1].length > ARTSTEPS_IMPORT_LIMITS.maxMetadataBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The metadata file ${metaFile[0]} is larger than 1 MB`);
    const texts = metaFile ? parseMetadata(metaFile[0], metaFile[1]) : [];
    const byImage = new Map<string, ArtworkText>(texts.map((t) => [imageKey(t.file), t]));
    const skipped: ArtstepsImportReport['skipped'] = [];
    const skip = (file: string, reason: ArtstepsSkipReason) => skipped.push({ file: clip(file, 300), reason });

    const present = new Set<string>();
    const candidates: { name: string; bytes: Buffer }[] = [];
    for (const [name, bytes] of files) {
      if (name === metaFile?.[0]) continue;
      present.add(imageKey(name));
      candidates.push({ name, bytes });
    }
    for (const t of texts) if (!present.has(imageKey(t.file))) skip(t.file, 'missingImage');
    // Metadata order first (the curator's order), then the rest by name.
    const order = new Map(texts.map((t, i) => [imageKey(t.file), i]));
    candidates.sort((a, b) => (order.get(imageKey(a.name)) ?? 1e9) - (order.get(imageKey(b.name)) ?? 1e9) || a.name.localeCompare(b.name));

    const dir = await fsp.mkdtemp(path.join(path.dirname(zip.path), 'import-'));
    const hung: { asset: Asset; text: ArtworkText | undefined }[] = [];
    let total = 0;
    try {
      for (const [i, c] of candidates.entries()) {
        if (hung.length >= ARTSTEPS_IMPORT_LIMITS.maxImages || total + c.bytes.length > ARTSTEPS_IMPORT_LIMITS.maxTotalImageBytes) {
          skip(c.name, 'overCap');
          continue;
        }
        const file = path.join(dir, `${i}.img`);
        await fsp.writeFile(file, c.bytes);
        try {
          await sniffPicture(file);
        } catch {
          skip(c.name, 'unsupportedType');
          continue;
        }
        const text = byImage.get(imageKey(c.name));
        const fields = {
          title: clip(text?.title || path.posix.basename(c.name).replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim(), ASSET_LIMITS.titleMax),
          description: clip(text?.description ?? '', ASSET_LIMITS.descriptionMax),
        };
        try {
          const asset = await this.d.uploadPicture(actor, { fields, files: [{ name: path.posix.basename(c.name), path: file, size: c.bytes.length }], cleanup: async () => undefined });
          hung.push({ asset, text });
          total += c.bytes.length;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          skip(c.name, err.code === 'PAYLOAD_TOO_LARGE' ? 'tooManyPixels' : 'corruptImage');
        } finally {
          await fsp.rm(file, { force: true });
        }
      }
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }

    // An import never hands out a premium room for free: it uses the rooms the person may build on.
    const usable: string[] = [];
    for (const id of IMPORT_ROOMS) if (await this.d.canUseTemplate(actor, id)) usable.push(id);
    const room = emptyRoom(hung.length, usable);
    for (const extra of hung.splice(room.slots.length)) skip(extra.asset.title, 'overCap');
    const draft = await this.d.createDraft(actor, {
      title: parsed.data.title || clip(path.basename(zip.name, path.extname(zip.name)).replace(/[_-]+/g, ' ').trim(), 100) || 'Imported gallery',
      description: '',
      spaceTemplateId: room.spaceTemplateId,
    });
    const document = room.document;
    document.spaceTemplate = { spaceTemplateId: room.spaceTemplateId };
    document.pictures = hung.map(({ asset, text }, i) => {
      const slot = room.slots[i]!;
      const aspect = asset.width && asset.height ? asset.width / asset.height : 1;
      const width = Math.min(slot.maxWidth, slot.maxHeight * aspect);
      return {
        id: `import-${newId()}`,
        position: slot.position,
        rotation: [0, slot.yaw, 0],
        scale: [1, 1, 1],
        collisions: 'Precise',
        title: clip(text?.title || asset.title, 200),
        description: clip(text?.description ?? '', 10_000),
        imageUri: asset.imageUrl ?? asset.fileUrl ?? '',
        width: Math.round(width * 1000) / 1000,
        height: Math.round((width / aspect) * 1000) / 1000,
        frame: { enabled: true, color: '#2b2622', width: 0.05 },
        popUp: true,
      };
    });
    await this.d.putContent(actor, draft.sceneId, { baseVersion: draft.contentVersion, document });
    return { spaceId: draft.sceneId, imported: document.pictures.length, skipped };
  }
}
