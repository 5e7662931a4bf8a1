import type { User, UserManager } from 'oidc-client-ts';
import { ACCESS_TOKEN_COOKIE, AUTH_CALLBACK_PATH, AUTH_SILENT_CALLBACK_PATH } from '@atrium/shared/users/authPaths';
import { highestRole, type Role } from '@atrium/shared/users/roles';
import { localStore } from '../browserStorage.ts';

// Sign-in state outside React: the oidc-client-ts UserManager (code + PKCE, silent renew) and a tiny
// store that useSession() subscribes to. The access token is mirrored into a cookie whenever it changes,
// so file GETs and WebSocket upgrades can authenticate (spec §7); the API never accepts it for writes.

export interface SessionUser {
  userId: string;
  name: string;
  email: string | null;
  profilePicture?: string | null;
  roles: string[];
  role: Role;
}

export type Session =
  | { status: 'loading'; user: null; token: null }
  | { status: 'signed-out'; user: null; token: null }
  | { status: 'signed-in'; user: SessionUser; token: string };

let state: Session = { status: 'loading', user: null, token: null };
const listeners = new Set<() => void>();

export const getSession = () => state;
export function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function set(next: Session) {
  state = next;
  for (const fn of listeners) fn();
}

function mirrorCookie(user: User | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  if (user && !user.expired) {
    const maxAge = Math.max(0, user.expires_in ?? 0);
    document.cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(user.access_token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  } else {
    document.cookie = `${ACCESS_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  }
}

function apply(user: User | null) {
  mirrorCookie(user);
  if (!user || user.expired) {
    set({ status: 'signed-out', user: null, token: null });
    return;
  }
  const p = user.profile as Record<string, unknown>;
  const roles = Array.isArray(p.roles) ? p.roles.map(String) : [];
  set({
    status: 'signed-in',
    token: user.access_token,
    user: {
      // The built-in provider's sub is the user id; an external issuer's is its own, so /api/user/my's id replaces it.
      userId: String(p.sub ?? ''),
      name: String(p.name ?? p.email ?? ''),
      email: typeof p.email === 'string' ? p.email : null,
      roles,
      role: highestRole(roles),
    },
  });
}

/** Fills in what only the API knows (our user id, picture) without another sign-in. */
export function updateSessionUser(patch: Partial<SessionUser>) {
  if (state.status === 'signed-in') set({ ...state, user: { ...state.user, ...patch } });
}

let manager: Promise<UserManager> | undefined;
/** Set while the user is deliberately leaving (log out, account deleted): pages must not start a new sign-in. */
let leaving = false;
export const isLeaving = () => leaving;

async function createManager(): Promise<UserManager> {
  // The typed client loads on demand, like oidc-client-ts below, so the signed-out first paint stays small.
  const { api, call } = await import('../api/client.ts');
  const cfg = await call(api.GET('/api/auth/config'));
  // oidc-client-ts loads only when someone signs in or has a stored session: the signed-out home stays small.
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const um = new UserManager({
    authority: cfg.issuer,
    client_id: cfg.clientId,
    redirect_uri: `${location.origin}${AUTH_CALLBACK_PATH}`,
    silent_redirect_uri: `${location.origin}${AUTH_SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${location.origin}/`,
    response_type: 'code',
    scope: cfg.scope,
    automaticSilentRenew: true,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: localStore() }),
    // Sign-in state (PKCE verifier) too: the library's default reads window.localStorage, which throws where storage is blocked.
    stateStore: new WebStorageStateStore({ store: localStore() }),
  });
  um.events.addUserLoaded((u) => apply(u));
  um.events.addUserUnloaded(() => apply(null));
  um.events.addAccessTokenExpired(() => apply(null));
  um.events.addSilentRenewError(() => void um.removeUser());
  return um;
}

export function userManager(): Promise<UserManager> {
  manager ??= createManager().catch((err: unknown) => {
    manager = undefined;
    throw err;
  });
  return manager;
}

// oidc-client-ts keeps the user in localStorage under 'oidc.user:<authority>:<client>'.
function hasStoredUser(): boolean {
  const store = localStore();
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith('oidc.user:')) return true;
  return false;
}

/** Reads a stored session at start-up; never throws (a broken provider just means signed out). */
export async function initSession() {
  if (!hasStoredUser()) {
    apply(null);
    return;
  }
  try {
    const um = await userManager();
    apply(await um.getUser());
  } catch {
    apply(null);
  }
}

/**
 * Where sign-in must start when this page is served on another host than the one the provider knows
 * (e.g. http://127.0.0.1:3000 for PUBLIC_URL http://localhost:3000): the built-in provider's redirect
 * URIs, CORS and the page's CSP name only PUBLIC_URL, so sign-in moves there first. Null when here is fine.
 */
async function canonicalLogin(returnTo: string, signUp: boolean): Promise<string | null> {
  const { api, call } = await import('../api/client.ts');
  const cfg = await call(api.GET('/api/auth/config'));
  if (!cfg.builtIn) return null;
  const home = new URL(cfg.issuer);
  if (home.origin === location.origin) return null;
  // A district page ({subdomain}.{public host}) is a first-party origin too: it signs in here and the
  // provider's session on the public host lets it through (apps/server/src/modules/auth/districtOrigins.ts).
  if (location.protocol === home.protocol && location.port === home.port && location.hostname.endsWith(`.${home.hostname}`)) return null;
  const q = new URLSearchParams({ redirect: returnTo, ...(signUp ? { screen: 'signup' } : {}) });
  return `${home.origin}/login?${q.toString()}`;
}

/** Starts sign-in (or, with `signUp`, opens the provider's "Create an account" form). */
export async function signIn(returnTo = `${location.pathname}${location.search}`, opts: { signUp?: boolean } = {}) {
  leaving = false;
  const elsewhere = await canonicalLogin(returnTo, Boolean(opts.signUp));
  if (elsewhere) {
    location.assign(elsewhere);
    return;
  }
  const um = await userManager();
  await um.signinRedirect({ state: { returnTo }, ...(opts.signUp ? { extraQueryParams: { screen: 'signup' } } : {}) });
}

export async function completeSignIn(): Promise<string> {
  const um = await userManager();
  const user = await um.signinRedirectCallback();
  apply(user);
  const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo;
  // Only same-site paths: a crafted state must not send people elsewhere.
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}

let renewing: Promise<void> | null = null;
let renewAgain: Promise<void> | null = null;
/**
 * A new token now, without a page change: roles come from the active plan (spec §4 "a
 * subscription-activated event triggers token renewal"), so a plan bought or ended shows at once.
 * Renewals never overlap: a plan change is announced both by the answer to the request and by the
 * hub's Subscription event, and two refresh grants racing with one refresh token can fail each
 * other. A call made while one runs gets one more renewal after it (shared by every such call), so
 * its token is never older than the call.
 */
export function renewSession(): Promise<void> {
  if (state.status !== 'signed-in') return Promise.resolve();
  if (!renewing) {
    renewing = (async () => {
      try {
        const um = await userManager();
        apply(await um.signinSilent());
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  }
  renewAgain ??= renewing
    .catch(() => undefined)
    .then(() => {
      renewAgain = null;
      return renewSession();
    });
  return renewAgain;
}

export async function completeSilentRenew() {
  const um = await userManager();
  await um.signinSilentCallback();
}

export async function signOut() {
  const um = await userManager();
  const user = await um.getUser();
  leaving = true;
  await um.removeUser();
  apply(null);
  await um.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
}

/** After account deletion the provider session is already gone: just forget the tokens locally. */
export async function forgetSession() {
  leaving = true;
  const um = await userManager();
  await um.removeUser();
  apply(null);
}
