import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { AUTH_CALLBACK_PATH } from '@atrium/shared';

/**
 * Creates an account through the built-in sign-in's "Create an account" form, the way a new user
 * does, and returns the new user's id from the profile page it lands on, once that page shows the
 * profile (so what a caller checks next is not the empty page before it loads). For tests of the
 * form itself; other tests use signUp, which ends in the same state without the form's page loads.
 */
export async function signUpWithForm(
  page: Page,
  name: string,
  email: string,
  password: string,
  opts: { origin?: string; timeout?: number } = {},
): Promise<string> {
  const wait = opts.timeout ? { timeout: opts.timeout } : {};
  await page.goto(`${opts.origin ?? ''}/user`);
  await page.waitForURL(/\/auth\/interaction\//, wait);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Back through /authentication/callback to where sign-in began, then to the own profile.
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/, wait);
  await page.getByTestId('profile-name').waitFor(wait);
  return page.url().split('/user/')[1]!;
}

/**
 * Creates an account and signs the page in without the form: the page's own browser context goes
 * through the built-in provider over HTTP (authorize, the sign-up form's POST, the code and its PKCE
 * exchange), so the provider's session cookie lands in the context as after the form, and the tokens
 * are stored where the web app keeps its session. Then the page opens the own profile and the id is
 * returned once it shows, as signUpWithForm does; or, with `goto`, opens that path (as a sign-in begun
 * there ends). Only tests whose subject is not the sign-up form.
 */
export function signUp(
  page: Page,
  name: string,
  email: string,
  password: string,
  opts: { origin?: string; timeout?: number; goto?: string } = {},
): Promise<string> {
  return signInOverHttp(page, 'signup', { name, email, password }, opts);
}

/**
 * Signs an existing account in without the form, as signUp does (the sign-in form's POST instead of
 * the sign-up form's): the provider's session cookie lands in the page's context and the web app's
 * session is stored. `origin` may be a district host: the provider is still the public host's (its
 * cookie lands there), the tokens are stored for the district's origin. Then the page opens the own
 * profile and the user id is returned once it shows; or, with `goto`, opens that path. Only tests
 * whose subject is not the sign-in form.
 */
export function signIn(
  page: Page,
  email: string,
  password: string,
  opts: { origin?: string; timeout?: number; goto?: string } = {},
): Promise<string> {
  return signInOverHttp(page, 'login', { email, password }, opts);
}

/** authorize → the interaction form's POST (`/auth/interaction/<uid>/<action>`) → code → PKCE token exchange → stored session → a page. */
async function signInOverHttp(
  page: Page,
  action: 'signup' | 'login',
  fields: Record<string, string>,
  opts: { origin?: string; timeout?: number; goto?: string },
): Promise<string> {
  const wait = opts.timeout ? { timeout: opts.timeout } : {};
  const http = page.context().request;
  // Node does not resolve a district's {sub}.localhost as Chromium does: its settings are asked of the public host.
  const asked = opts.origin ? new URL(opts.origin) : null;
  const viaPublic = asked?.hostname.endsWith('.localhost') ? `${asked.protocol}//localhost${asked.port ? `:${asked.port}` : ''}` : null;
  const configAnswer = await http.get(`${viaPublic ?? opts.origin ?? ''}/api/auth/config`);
  if (!configAnswer.ok()) throw new Error(`/api/auth/config answered ${configAnswer.status()}`);
  const origin = viaPublic ? asked!.origin : new URL(configAnswer.url()).origin;
  const config = (await configAnswer.json()) as { issuer: string; clientId: string; scope: string };
  // The provider answers on the issuer's host (the public one, also for a district's page), as the web app's own sign-in goes.
  const providerOrigin = new URL(config.issuer).origin;
  const redirectUri = `${origin}${AUTH_CALLBACK_PATH}`;
  const verifier = crypto.randomBytes(32).toString('base64url');
  const authorize = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: redirectUri,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: crypto.randomBytes(6).toString('hex'),
    nonce: crypto.randomBytes(6).toString('hex'),
  });
  const go = (url: string, form?: Record<string, string>) =>
    http.fetch(new URL(url, providerOrigin).toString(), { method: form ? 'POST' : 'GET', maxRedirects: 0, ...(form ? { form } : {}) });
  let answer = await go(`/auth/auth?${authorize}`);
  const uid = /\/auth\/interaction\/([^/?]+)/.exec(answer.headers().location ?? '')?.[1];
  if (!uid) throw new Error(`authorize answered ${answer.status()} without an interaction`);
  answer = await go(`/auth/interaction/${uid}/${action}`, fields);
  if (answer.status() !== 303) throw new Error(`${action === 'signup' ? 'sign-up' : 'sign-in'} form answered ${answer.status()}: ${(await answer.text()).slice(0, 300)}`);
  let next = answer.headers().location!;
  for (let i = 0; i < 5 && !next.startsWith(redirectUri); i++) next = (await go(next)).headers().location!;
  const code = new URL(next).searchParams.get('code');
  if (!code) throw new Error(`no code in ${next}`);
  const tokenAnswer = await http.post(`${providerOrigin}/auth/token`, {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: config.clientId, code_verifier: verifier },
  });
  if (!tokenAnswer.ok()) throw new Error(`token endpoint answered ${tokenAnswer.status()}`);
  const tokens = (await tokenAnswer.json()) as { access_token: string; id_token: string; token_type: string; scope?: string; expires_in: number };
  // What oidc-client-ts stores after a sign-in (User.toStorageString), under its key for this provider and client.
  const profile = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  for (const claim of ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash']) delete profile[claim];
  const stored = {
    key: `oidc.user:${config.issuer}:${config.clientId}`,
    value: JSON.stringify({
      id_token: tokens.id_token,
      session_state: null,
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? config.scope,
      profile,
      expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    }),
    origin,
  };
  // Stored once, before the app's first script on this origin reads it; a later sign-out stays signed out.
  await page.context().addInitScript((s) => {
    if (location.origin !== s.origin) return;
    try {
      if (localStorage.getItem('e2e.signedIn') === s.key) return;
      localStorage.setItem(s.key, s.value);
      localStorage.setItem('e2e.signedIn', s.key);
    } catch {
      // Storage blocked (a framed page): nothing to sign in.
    }
  }, stored);
  // `goto`: where a sign-in started from that page would have come back to (the built-in provider's sub is the user id).
  if (opts.goto) {
    await page.goto(`${origin}${opts.goto}`);
    return String(profile.sub);
  }
  await page.goto(`${origin}/user`);
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/, wait);
  await page.getByTestId('profile-name').waitFor(wait);
  return page.url().split('/user/')[1]!;
}

/** JSON calls to the app under test with an optional bearer token; a non-2xx answer throws with its body. */
export function apiCaller(baseURL: () => string) {
  return async function call<T>(
    token: string | null,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${baseURL()}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}
