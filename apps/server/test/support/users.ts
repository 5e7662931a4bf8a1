import type { FastifyInstance } from 'fastify';
import type { Role } from '@atrium/shared';
import { AccountsRepo } from '../../src/modules/auth/accountsRepo.ts';
import type { TestDb } from './db.ts';
import { bearer, signIn } from './identity.ts';

export interface TestUser {
  token: string;
  id: string;
  name: string;
}
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Signs a new account up through the provider and reads its id back from the API. */
export async function signUpUser(
  app: FastifyInstance,
  db: TestDb,
  email: string,
  name: string,
  role?: Role,
): Promise<TestUser> {
  let t = await signIn(app, email, 'password-123', { signUpName: name });
  if (role) {
    const accounts = new AccountsRepo(db.db);
    await accounts.setRole((await accounts.byEmail(email))!.id, role);
    t = await signIn(app, email, 'password-123'); // the role travels in the token
  }
  const me = await app.inject({ method: 'GET', url: '/api/user/my', headers: bearer(t.access_token) });
  return { token: t.access_token, id: me.json().userId as string, name };
}

/** A request as `who`, or anonymous when `who` is null. */
export const injectAs = (
  app: FastifyInstance,
  who: { token: string } | null,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
