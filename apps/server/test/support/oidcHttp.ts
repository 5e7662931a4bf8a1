import crypto from 'node:crypto';
import { AUTH_CALLBACK_PATH, AUTH_SCOPE } from '@atrium/shared';

// Signs in at a running Atrium issuer over real HTTP, the way a browser does: authorize, the sign-in
// (or sign-up) form, the redirects back with a code, and the PKCE token exchange.

export async function tokenOverHttp(
  base: string,
  creds: { email: string; password: string; signUpName?: string },
): Promise<{ access_token: string; id_token: string }> {
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: jar() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      if (pair!.slice(i + 1)) cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  const verifier = crypto.randomBytes(32).toString('base64url');
  const redirectUri = `${base}${AUTH_CALLBACK_PATH}`;
  const q = new URLSearchParams({
    client_id: 'atrium-web',
    response_type: 'code',
    scope: AUTH_SCOPE,
    redirect_uri: redirectUri,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: crypto.randomBytes(6).toString('hex'),
    nonce: crypto.randomBytes(6).toString('hex'),
  });
  let res = await go(`/auth/auth?${q}`);
  const uid = /\/auth\/interaction\/([^/?]+)/.exec(res.headers.get('location') ?? '')?.[1];
  if (!uid) throw new Error(`authorize answered ${res.status} without an interaction`);
  const body: Record<string, string> = { email: creds.email, password: creds.password };
  if (creds.signUpName) body.name = creds.signUpName;
  res = await go(`/auth/interaction/${uid}/${creds.signUpName ? 'signup' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  if (res.status !== 303) throw new Error(`sign-in form answered ${res.status}`);
  let location = res.headers.get('location')!;
  for (let i = 0; i < 5 && !location.startsWith(redirectUri); i++)
    location = (await go(location)).headers.get('location')!;
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'atrium-web',
      code_verifier: verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token endpoint answered ${token.status}`);
  return (await token.json()) as { access_token: string; id_token: string };
}
