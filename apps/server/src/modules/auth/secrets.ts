import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

export interface ProviderSecrets {
  /** Private signing keys (RS256) for ID and access tokens. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function generate(): Promise<ProviderSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return {
    jwks: { keys: [{ ...jwk, kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [crypto.randomBytes(32).toString('base64url'), crypto.randomBytes(32).toString('base64url')],
  };
}

/**
 * Loads the provider's keys from the database, generating them on the first start. The insert is
 * conflict-safe, so two processes starting together end up with the same keys.
 */
export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const name = 'oidc-provider';
  const existing = await db.query.serverSecrets.findFirst({ where: eq(serverSecrets.name, name) });
  if (existing) return existing.value as ProviderSecrets;
  await db
    .insert(serverSecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const row = await db.query.serverSecrets.findFirst({ where: eq(serverSecrets.name, name) });
  return row!.value as ProviderSecrets;
}

/** The public half of the signing keys, as published at the issuer's JWKS endpoint. */
export function publicJwks(secrets: ProviderSecrets): { keys: JWK[] } {
  return {
    keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
}
