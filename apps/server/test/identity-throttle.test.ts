import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AppError, msg } from '@atrium/shared';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { authorize, CookieJar, form } from './support/identity.ts';
import { AccountService } from '../src/modules/auth/accountService.ts';
import { AccountsRepo } from '../src/modules/auth/accountsRepo.ts';
import { SignInThrottle } from '../src/modules/auth/attempts.ts';
import { RateLimits } from '../src/rateLimits.ts';
import type { Mailer } from '../src/mail/mailer.ts';

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe.each(databases)('sign-in throttling a stranger cannot use against the owner on %s', (_name, open) => {
  let db: TestDb;
  let accounts: AccountService;
  const waits: number[] = [];
  const MAX = 3;

  beforeAll(async () => {
    db = await open();
    const limits = new RateLimits({ keyPrefix: 'test' });
    accounts = new AccountService({
      repo: new AccountsRepo(db.db),
      // Records the slow-down instead of sleeping through it.
      throttle: new SignInThrottle(limits, MAX, { wait: async (ms) => void waits.push(ms) }),
      signUpLimiter: limits.limiter('signup', { points: 100, duration: 3600 }),
      mailer: { send: async () => ({ id: 'x' }) } satisfies Mailer,
      publicUrl: 'http://localhost:3000',
      log: { error: () => undefined } as never,
    });
    await accounts.signUp({ email: 'owner@example.org', password: 'owner-secret-1', name: 'Owner' });
    await accounts.signUp({ email: 'racer@example.org', password: 'racer-secret-1', name: 'Racer' });
  });
  afterAll(async () => {
    await db.close();
  });

  it('slows an account guessed at from many addresses, and still lets its owner in', async () => {
    for (let i = 0; i < MAX + 2; i++)
      await expect(accounts.authenticate('owner@example.org', `guess-${i}`, `10.7.0.${i}`)).rejects.toThrow(
        msg.user.invalidCredentials,
      );
    expect(waits).toEqual([500, 1000]);
    const owner = await accounts.authenticate('OWNER@example.org', 'owner-secret-1', '10.7.1.1');
    expect(owner.email).toBe('owner@example.org');
    expect(waits).toEqual([500, 1000, 1500]);
  });

  it('counts parallel guesses from one client atomically: only the allowed number reach the password check', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        accounts.authenticate('racer@example.org', `parallel-${i}`, '10.8.0.1').then(() => 'OK', codeOf),
      ),
    );
    expect(outcomes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(MAX);
    expect(outcomes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(12 - MAX);
    // Refused for that client only: the right password from another client works.
    await expect(accounts.authenticate('racer@example.org', 'racer-secret-1', '10.8.0.2')).resolves.toBeTruthy();
  });
});

describe.each(databases)('sign-up and sign-in form limits per client on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { SIGNUP_RATE_LIMIT_MAX: '2', SIGNIN_MAX_ATTEMPTS: '2' }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const post = async (path: 'signup' | 'login', body: Record<string, string>, ip: string) => {
    const jar = new CookieJar();
    const { uid } = await authorize(app, jar);
    return form(app, jar, `/auth/interaction/${uid}/${path}`, body, ip);
  };

  it('rate-limits sign-up per client before hashing anything', async () => {
    const up = (n: number, ip: string) =>
      post('signup', { email: `new${n}@example.org`, password: 'password-123', name: `New ${n}` }, ip);
    expect((await up(1, '10.5.0.1')).statusCode).toBe(303);
    // A taken address uses up the budget too (it is hashed like a new one).
    expect((await up(1, '10.5.0.1')).statusCode).toBe(200);
    const third = await up(3, '10.5.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain(msg.user.tooManySignUps);
    expect(await new AccountsRepo(db.db).byEmail('new3@example.org')).toBeUndefined();
    expect((await up(4, '10.5.0.2')).statusCode).toBe(303);
  });

  it('refuses a client spraying guesses over many accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post('login', { email: `spray${i}@example.org`, password: 'guess' }, '10.6.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await post('login', { email: 'spray0@example.org', password: 'guess' }, '10.6.0.2')).statusCode).toBe(401);
  });
});
