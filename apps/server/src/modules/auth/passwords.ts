import argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, t=3). A fixed dummy hash lets sign-in for an unknown
// email take as long as a wrong password, so timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('atrium-timing-equaliser');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
