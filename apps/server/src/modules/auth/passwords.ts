import argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, t=3). A fixed dummy hash lets sign-in for an unknown
// email take as long as a wrong password, so timing does not reveal which emails have accounts.
// Test processes may ask for a small cost instead (config's TEST_FAST_PASSWORD_HASH, NODE_ENV=test
// only): verifying reads the cost from the stored hash, so both kinds verify either way.
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const dummyHashes = new Map<boolean, Promise<string>>();

export const hashPassword = (password: string, fast = false) =>
  argon2.hash(password, { type: argon2.argon2id, ...(fast ? FAST : {}) });

export async function verifyPassword(hash: string | null, password: string, fast = false): Promise<boolean> {
  if (!hash) {
    if (!dummyHashes.has(fast)) dummyHashes.set(fast, hashPassword('atrium-timing-equaliser', fast));
    await argon2.verify(await dummyHashes.get(fast)!, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
