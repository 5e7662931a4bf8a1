import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.ts';

// Test processes hash passwords at a small cost (TEST_FAST_PASSWORD_HASH); a real server never may.
describe('password hashing cost', () => {
  it('the small test cost is refused outside NODE_ENV=test and off by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).auth.fastPasswordHash).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', TEST_FAST_PASSWORD_HASH: 'true' }).auth.fastPasswordHash).toBe(true);
    expect(() => loadConfig({ TEST_FAST_PASSWORD_HASH: 'true' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_FAST_PASSWORD_HASH: 'true' })).toThrow(/only allowed with NODE_ENV=test/);
  });

  it('real hashes are argon2id at 64 MiB, t=3; either kind verifies whatever the setting', async () => {
    const real = await hashPassword('correct horse');
    const fast = await hashPassword('correct horse', true);
    const params = (h: string) => new Set(h.split('$')[3]!.split(','));
    expect(real.startsWith('$argon2id$')).toBe(true);
    expect(params(real)).toEqual(new Set(['m=65536', 't=3', 'p=4']));
    expect(params(fast)).toEqual(new Set(['m=1024', 't=1', 'p=1']));
    for (const setting of [false, true]) {
      expect(await verifyPassword(real, 'correct horse', setting)).toBe(true);
      expect(await verifyPassword(fast, 'correct horse', setting)).toBe(true);
      expect(await verifyPassword(fast, 'wrong horse', setting)).toBe(false);
      expect(await verifyPassword(null, 'correct horse', setting)).toBe(false);
    }
  });
});
