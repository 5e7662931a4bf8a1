import path from 'node:path';
import { AppError, msg } from '@atrium/shared';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Resolves a relative URI found in a glTF or MTL file against the uploaded files. Anything with a
 * scheme (http:, https:, file: …) or an absolute or escaping path is refused: the server never fetches.
 */
export function resolveUri(files: Map<string, Buffer>, from: string, uri: string): string {
  if (uri.startsWith('data:')) return uri;
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.startsWith('\\')) {
    throw invalid(msg.asset.externalUri(uri));
  }
  let rel: string;
  try {
    rel = decodeURIComponent(uri);
  } catch {
    rel = uri;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), rel.replace(/\\/g, '/')));
  if (joined.startsWith('..') || path.posix.isAbsolute(joined)) throw invalid(msg.asset.externalUri(uri));
  if (files.has(joined)) return joined;
  // Exporters often flatten folders when zipping; fall back to a unique match on the file name.
  const base = path.posix.basename(joined);
  const byName = [...files.keys()].filter((k) => path.posix.basename(k) === base);
  if (byName.length === 1) return byName[0]!;
  throw invalid(msg.asset.missingFile(rel));
}
