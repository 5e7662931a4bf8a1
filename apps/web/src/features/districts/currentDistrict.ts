/**
 * The district whose subdomain this page is served on, or null on the public host. The server names
 * it in `<meta name="atrium-district">` (apps/server/src/modules/districts/hosts.ts), so the app knows
 * before any request.
 */
export function currentDistrictSubdomain(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="atrium-district"]')?.content || null;
}
