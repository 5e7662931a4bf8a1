import { afterAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../../e2e/support/harness.ts';
import { cli, cliDataDir, withPgSchema } from './support/cli.ts';

// The admin CLI as operators run it: a separate process on the same DATA_DIR or DATABASE_URL.

// Each step is a fresh process opening the database; on a busy CI machine that adds up.
describe('admin CLI', { timeout: 120_000 }, () => {
  let server: RunningApp | undefined;
  afterAll(async () => server?.stop());

  it('creates users, sets roles, lists them and issues an API key on the embedded database', async () => {
    const dataDir = cliDataDir();
    const env = { DATA_DIR: dataDir };
    expect(
      cli(
        ['users', 'create', '--email', 'Op@Example.org', '--password', 'operator-123', '--name', 'Operator'],
        env,
      ).code,
    ).toBe(0);
    expect(
      cli(['users', 'create', '--email', 'op@example.org', '--password', 'operator-123'], env).err,
    ).toMatch(/already exists/);
    expect(cli(['users', 'create', '--email', 'x@example.org', '--password', 'short'], env).code).not.toBe(0);
    expect(cli(['users', 'set-role', '--email', 'op@example.org', '--role', 'pro-user'], env).code).toBe(0);
    expect(cli(['users', 'set-role', '--email', 'op@example.org', '--role', 'admin'], env).code).toBe(2);
    const list = cli(['users', 'list'], env).out;
    expect(list).toMatch(/op@example\.org\tOperator\tpro-user\tatrium/);
    const keys = cli(['keys', 'create', '--email', 'op@example.org'], env);
    expect(keys.code).toBe(0);
    const key = keys.out.split('\n').at(-1)!;
    expect(key).toMatch(/^atr_[A-Za-z0-9_-]{40,}$/);

    // With the server running on the same folder the CLI refuses, clearly, and touches nothing.
    server = await startApp({ env: { DATA_DIR: dataDir } });
    const refused = cli(['users', 'list'], env);
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(/in use by a running Atrium process/);
    const me = await fetch(`${server.baseURL}/api/user/my`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'op@example.org', role: 'pro-user' });
  });

  it('works against PostgreSQL through DATABASE_URL while a server may run', async () => {
    await withPgSchema(async (env, admin, schema) => {
      expect(
        cli(
          [
            'users',
            'create',
            '--email',
            'pg@example.org',
            '--password',
            'postgres-123',
            '--role',
            'premium-user',
          ],
          env,
        ).code,
      ).toBe(0);
      expect(cli(['keys', 'create', '--email', 'pg@example.org'], env).out.split('\n').at(-1)).toMatch(
        /^atr_/,
      );
      const rows = await admin.query(`select role from ${schema}.accounts where email = 'pg@example.org'`);
      expect(rows.rows).toEqual([{ role: 'premium-user' }]);
    });
  });
});
