import { AppError, type AvatarAppearance } from '@atrium/shared';
import type { AssetsRepo } from './repo.ts';
import { fileUrl } from './view.ts';

/**
 * The rule for a stored avatar choice: a VRM must be one of the user's own `avatar` assets, and its
 * URL is the file service's for that asset, whatever the client sent (other visitors' browsers load it).
 */
export async function checkAvatarChoice(assets: AssetsRepo, userId: string, a: AvatarAppearance): Promise<AvatarAppearance> {
  if (!a.vrm) return a;
  const row = await assets.findById(a.vrm.assetId);
  if (!row || row.kind !== 'avatar') throw new AppError('NOT_FOUND', 'This avatar does not exist');
  if (row.ownerId !== userId) throw new AppError('FORBIDDEN');
  const url = fileUrl(row, 'main');
  if (!url) throw new AppError('NOT_FOUND', 'This avatar does not exist');
  return { ...a, vrm: { assetId: row.id, url } };
}
