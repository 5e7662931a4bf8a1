import type Provider from 'oidc-provider';
import { AUTH_CALLBACK_PATH, AUTH_SILENT_CALLBACK_PATH, checkSubdomain, districtSubdomainOf } from '@atrium/shared';

/**
 * Whether `origin` is a district's, `{subdomain}.{public host}` with the public URL's scheme and port
 * (modules/districts). Such hosts are served by this same server, so they are first-party origins of
 * the web client like the public URL itself; reserved and invalid names (www, api, xn--…) are not.
 */
export function isDistrictOrigin(origin: string, publicUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (u.origin !== origin || u.protocol !== new URL(publicUrl).protocol) return false;
  const sub = districtSubdomainOf(u.host, publicUrl);
  return sub !== null && checkSubdomain(sub).ok;
}

const CALLBACKS = new Set([AUTH_CALLBACK_PATH, AUTH_SILENT_CALLBACK_PATH]);

/**
 * Sign-in across the public host and district subdomains: each district page runs the web app's own
 * code + PKCE sign-in against this one issuer, sent back to its own `/auth/callback`. The provider's
 * session cookie lives on the public host, so someone signed in there passes the sign-in page without
 * typing anything. oidc-provider only knows a fixed list of redirect URIs, so the first-party client
 * also accepts the callback paths (and the post-logout home) of any district origin.
 */
export function allowDistrictRedirects(provider: Provider, publicUrl: string, clientId: string) {
  const proto = provider.Client.prototype as {
    clientId: string;
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  const redirectAllowed = proto.redirectUriAllowed;
  const postLogoutAllowed = proto.postLogoutRedirectUriAllowed;
  const split = (value: string) => {
    try {
      const u = new URL(value);
      return u.search || u.hash ? null : { origin: u.origin, pathname: u.pathname };
    } catch {
      return null;
    }
  };
  proto.redirectUriAllowed = function (this: typeof proto, value: string) {
    if (redirectAllowed.call(this, value)) return true;
    const u = split(value);
    return this.clientId === clientId && u !== null && CALLBACKS.has(u.pathname) && isDistrictOrigin(u.origin, publicUrl);
  };
  proto.postLogoutRedirectUriAllowed = function (this: typeof proto, value: string) {
    if (postLogoutAllowed.call(this, value)) return true;
    const u = split(value);
    return this.clientId === clientId && u !== null && u.pathname === '/' && isDistrictOrigin(u.origin, publicUrl);
  };
}
