import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE } from '@atrium/shared';

// Drives the built-in OpenID provider through `inject` the way a browser would: authorize, the sign-in
// form, the redirect back with a code, and the PKCE token exchange. No shortcut around the provider.

export class CookieJar {
  private readonly jar = new Map<string, string>();
  take(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const c of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  header() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Tokens {
  access_token: string;
  id_token: string;
  expires_in: number;
}

const HOST = 'localhost:3000';
const origin = `http://${HOST}`;

export async function authorize(app: FastifyInstance, jar: CookieJar) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const q = new URLSearchParams({
    client_id: 'atrium-web',
    response_type: 'code',
    scope: AUTH_SCOPE,
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: crypto.randomBytes(8).toString('hex'),
    nonce: crypto.randomBytes(8).toString('hex'),
  });
  const res = await app.inject({
    method: 'GET',
    url: `/auth/auth?${q}`,
    headers: { host: HOST, cookie: jar.header() },
  });
  jar.take(res);
  const location = String(res.headers.location ?? '');
  const uid = /\/auth\/interaction\/([^/?]+)/.exec(location)?.[1];
  return { res, uid, verifier, location };
}

export const form = (
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  body: Record<string, string>,
  ip = '127.0.0.1',
) =>
  app
    .inject({
      method: 'POST',
      url,
      headers: { host: HOST, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
      remoteAddress: ip,
    })
    .then((res) => {
      jar.take(res);
      return res;
    });

/** Follows same-origin redirects until the callback URL; returns the authorization code. */
async function followToCallback(app: FastifyInstance, jar: CookieJar, location: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const u = new URL(location, origin);
    if (u.pathname === AUTH_CALLBACK_PATH) {
      const code = u.searchParams.get('code');
      if (!code) throw new Error(`no code in callback: ${u}`);
      return code;
    }
    const res = await app.inject({
      method: 'GET',
      url: u.pathname + u.search,
      headers: { host: HOST, cookie: jar.header() },
    });
    jar.take(res);
    if (!res.headers.location)
      throw new Error(
        `redirect chain stopped at ${u.pathname} (${res.statusCode}): ${res.body.slice(0, 300)}`,
      );
    location = String(res.headers.location);
  }
  throw new Error('too many redirects');
}

export async function exchange(app: FastifyInstance, code: string, verifier: string): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
      client_id: 'atrium-web',
      code_verifier: verifier,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token exchange failed ${res.statusCode}: ${res.body}`);
  return res.json() as Tokens;
}

/** Full sign-in (or sign-up with `name`) through the provider's pages; returns the tokens. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  opts: { signUpName?: string; jar?: CookieJar } = {},
): Promise<Tokens> {
  const jar = opts.jar ?? new CookieJar();
  const { uid, verifier } = await authorize(app, jar);
  if (!uid) throw new Error('authorize did not lead to an interaction');
  const res = opts.signUpName
    ? await form(app, jar, `/auth/interaction/${uid}/signup`, { email, password, name: opts.signUpName })
    : await form(app, jar, `/auth/interaction/${uid}/login`, { email, password });
  if (res.statusCode !== 303)
    throw new Error(`sign-in form answered ${res.statusCode}: ${res.body.slice(0, 400)}`);
  const code = await followToCallback(app, jar, String(res.headers.location));
  return exchange(app, code, verifier);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
