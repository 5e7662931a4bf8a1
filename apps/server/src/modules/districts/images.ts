import type { DistrictImageKind } from '@atrium/shared';
import { fileVersion } from '../users/pictureUrls.ts';

/**
 * Public URL of a district's logo or cover. The stored key's file name is the version, so a new
 * upload gets a new URL and the year-long cache of the old one never shows a stale logo.
 */
export function districtImageUrl(districtId: string, kind: DistrictImageKind, key: string | null): string | null {
  const v = fileVersion(key);
  return v ? `/api/district/${districtId}/image/${kind}?v=${v}` : null;
}
