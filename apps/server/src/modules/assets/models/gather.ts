import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { AppError, UPLOAD_EXTENSIONS, msg, supportedFormats } from '@atrium/shared';
import type { UploadedFile } from '../upload.ts';
import { UnpackBudget, readZips } from '../zip.ts';

const unsupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg.asset.unsupportedType(supportedFormats('model3d')));
const ext = (name: string) => path.extname(name).toLowerCase();

/**
 * Reads the uploaded files (unpacking zips) into one name → bytes map with paths relative to the
 * upload. Every file is checked against the upload's one unpack budget before any zip is inflated.
 */
export async function gatherFiles(uploaded: UploadedFile[]): Promise<Map<string, Buffer>> {
  const budget = new UnpackBudget();
  const zips: string[] = [];
  for (const f of uploaded) {
    if (!(UPLOAD_EXTENSIONS.model3d as readonly string[]).includes(ext(f.name))) throw unsupported();
    if (ext(f.name) === '.zip') {
      if ((await fileTypeFromFile(f.path))?.mime !== 'application/zip') throw unsupported();
      zips.push(f.path);
    } else {
      budget.add(f.size);
    }
  }
  const unpacked = await readZips(zips, budget);
  const files = new Map<string, Buffer>();
  for (const f of uploaded) {
    if (ext(f.name) === '.zip') for (const [name, data] of unpacked.shift()!) files.set(name, data);
    else files.set(f.name, await fsp.readFile(f.path));
  }
  return files;
}
