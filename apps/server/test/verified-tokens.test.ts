import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTokenVerifier, localKeys, VerifiedTokens } from '../src/plugins/auth.ts';

// The verified-token cache that spares each request an RSA verification (bench/marketplace): it must
// never accept a token after jwtVerify would refuse it, nor a string that was not itself verified.
describe('verified access tokens', () => {
  it('forgets a token at its expiry plus the allowed skew, and after a minute at most', () => {
    let now = 1_000_000_000_000;
    const cache = new VerifiedTokens(() => now);
    cache.set('short', { exp: now / 1000 + 30 });
    cache.set('long', { exp: now / 1000 + 3600 });
    cache.set('expired', { exp: now / 1000 - 10 });
    expect(cache.get('short')).toBeDefined();
    expect(cache.get('expired')).toBeUndefined();
    now += 35_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    now += VerifiedTokens.maxAgeMs;
    expect(cache.get('long')).toBeUndefined();
  });

  it('stays bounded: the oldest token goes first', () => {
    const now = 1_000_000_000_000;
    const cache = new VerifiedTokens(() => now);
    for (let i = 0; i <= VerifiedTokens.maxEntries; i++) cache.set(`t${i}`, { exp: now / 1000 + 600 });
    expect(cache.get('t0')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    expect(cache.get(`t${VerifiedTokens.maxEntries}`)).toBeDefined();
  });

  it('answers a verified token again, and still refuses a forged signature or another payload', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const verify = createTokenVerifier({ issuer: 'https://issuer.test', audience: 'api', clientId: 'web', keys: localKeys({ keys: [jwk] }) });
    const sign = (sub: string) =>
      new SignJWT({ sub }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer('https://issuer.test').setAudience('api').setIssuedAt().setExpirationTime('5m').sign(privateKey);
    const token = await sign('ada');
    expect((await verify(token)).sub).toBe('ada');
    expect((await verify(token)).sub).toBe('ada');
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    await expect(verify(forged)).rejects.toThrow();
    const other = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'eve' })).toString('base64url')}.${s}`;
    await expect(verify(other)).rejects.toThrow();
  });
});
