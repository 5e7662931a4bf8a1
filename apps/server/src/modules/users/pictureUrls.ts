// Public URLs of a user's pictures. The stored key's file name is the version, so a new picture gets
// a new URL and the year-long cache of the old one never shows stale faces.
export const fileVersion = (key: string | null) => (key ? (key.split('/').pop() ?? '').replace(/\.\w+$/, '') : null);

export function profilePictureUrl(userId: string, key: string | null): string | null {
  const v = fileVersion(key);
  return v ? `/api/user/${userId}/picture?v=${v}` : null;
}

export function coverPhotoUrl(userId: string, key: string | null): string | null {
  const v = fileVersion(key);
  return v ? `/api/user/${userId}/cover?v=${v}` : null;
}
