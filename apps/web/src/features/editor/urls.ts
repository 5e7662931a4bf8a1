/** External links must be absolute http(s) URLs (spec §5: 'Invalid url. Valid url example ...'). */
export function isValidLink(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}
