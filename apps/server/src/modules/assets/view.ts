import type { Asset, ModelStats } from '@atrium/shared';
import { MODEL_LIMITS, formatBytes, msg } from '@atrium/shared';
import { hashOfKey } from './keys.ts';
import type { AssetRowWithCreator } from './repo.ts';
import { profilePictureUrl } from '../users/pictureUrls.ts';


/** `/api/file/{id}[/variant]?v=<hash>`: the hash makes the URL change whenever the bytes do. */
export function fileUrl(row: { id: string; files: Record<string, string> }, variant: string): string | undefined {
  const key = row.files[variant];
  if (!key) return undefined;
  const v = hashOfKey(key);
  const base = variant === 'thumbnail' ? `/api/thumbnail/${row.id}` : `/api/file/${row.id}${variant === 'main' ? '' : `/${variant}`}`;
  return v ? `${base}?v=${v}` : base;
}

/** Web budget warnings shown by the upload dialog and the library card. */
export function budgetWarnings(stats: ModelStats | null | undefined): string[] {
  if (!stats) return [];
  const parts: string[] = [];
  if (stats.triangles > MODEL_LIMITS.budgetTriangles) {
    parts.push(`${stats.triangles.toLocaleString('en-US')} triangles, budget ${MODEL_LIMITS.budgetTriangles.toLocaleString('en-US')}`);
  }
  if ((stats.textureBytes ?? 0) > MODEL_LIMITS.budgetTextureBytes) {
    parts.push(`${formatBytes(stats.textureBytes ?? 0)} of textures, budget ${formatBytes(MODEL_LIMITS.budgetTextureBytes)}`);
  }
  return parts.length ? [msg.asset.webBudget(parts.join(', '))] : [];
}

export function toAsset(row: AssetRowWithCreator): Asset {
  const files = row.files ?? {};
  // A model still being optimised is served from its validated source until the job finishes.
  const mainVariant = files.main ? 'main' : files.source ? 'source' : null;
  const main = mainVariant ? fileUrl(row, mainVariant) : undefined;
  const stats = (row.stats ?? undefined) as ModelStats | undefined;
  const fields = (row.fields ?? {}) as Record<string, unknown>;
  const out: Asset = {
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    creator: row.creator
      ? {
          userId: row.creator.id,
          name: row.creator.name ?? '',
          profilePicture: profilePictureUrl(row.creator.id, row.creator.profilePicture),
        }
      : null,
    title: row.title,
    description: row.description,
    tags: row.tags,
    licenseId: row.licenseId,
    collisions: row.collisions,
    interactive: row.interactive,
    defaultSize: row.defaultSize,
    status: row.status,
    progress: row.progress,
    error: row.error,
    fileUrl: main ?? null,
    thumbnailUrl: fileUrl(row, 'thumbnail') ?? (typeof fields.thumbnailUrl === 'string' ? fields.thumbnailUrl : null),
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    fields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.width != null) out.width = row.width;
  if (row.height != null) out.height = row.height;
  if (row.duration != null) out.duration = row.duration;
  if (row.kind === 'picture' && main) {
    out.imageUrl = main;
    const webp = fileUrl(row, 'webp');
    if (webp) out.webpUrl = webp;
  }
  if (row.kind === 'video') {
    if (main) out.videoUrl = main;
    if (typeof fields.youtubeId === 'string') out.youtubeId = fields.youtubeId;
  }
  if (row.kind === 'audio' && main) out.audioUrl = main;
  if (row.kind === 'avatar') {
    if (main) out.modelUrl = main;
    if (stats) out.stats = stats;
  }
  if (row.kind === 'model3d') {
    if (main) out.modelUrl = main;
    const original = fileUrl(row, 'original');
    if (original) out.originalUrl = original;
    if (stats) out.stats = stats;
    out.warnings = budgetWarnings(stats);
  }
  return out;
}
