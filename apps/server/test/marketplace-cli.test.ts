import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { cli, cliDataDir, withPgSchema } from './support/cli.ts';

// `atrium credits grant` and `atrium wallet show` as operators run them: separate processes on one database.

const scenario = async (env: Record<string, string>, query: (sql: string) => Promise<Record<string, unknown>[]>) => {
  expect(cli(['users', 'create', '--email', 'wallet@example.org', '--password', 'wallet-1234'], env).code).toBe(0);
  const granted = cli(['credits', 'grant', '--email', 'wallet@example.org', '--amount', '750', '--reason', 'launch gift'], env);
  expect(granted.code, granted.err).toBe(0);
  expect(granted.out).toBe('granted 750 credits to wallet@example.org (launch gift); balance 750');
  expect(cli(['credits', 'grant', '--email', 'wallet@example.org', '--amount', '25', '--reason', 'sorry'], env).code).toBe(0);
  for (const bad of ['-5', '1.5', '1000001'])
    expect(cli(['credits', 'grant', '--email', 'wallet@example.org', `--amount=${bad}`, '--reason', 'x'], env).code, bad).toBe(2);
  expect(cli(['credits', 'grant', '--email', 'wallet@example.org', '--amount', '5'], env).code).toBe(2);
  expect(cli(['credits', 'grant', '--email', 'nobody@example.org', '--amount', '5', '--reason', 'x'], env).code).toBe(2);
  const shown = cli(['wallet', 'show', '--email', 'wallet@example.org'], env);
  expect(shown.code).toBe(0);
  const lines = shown.out.split('\n');
  expect(lines[0]).toBe('wallet@example.org balance 775');
  expect(lines.slice(1).map((l) => l.split('\t').slice(1))).toEqual([
    ['grant', '+25', 'sorry'],
    ['grant', '+750', 'launch gift'],
  ]);
  // Each grant is a balanced pair: promotions pays what the wallet receives.
  const sums = await query(
    `select a.kind, sum(e.amount)::int as total from ledger_entries e join ledger_accounts a on a.id = e.account_id group by a.kind order by a.kind`,
  );
  expect(sums).toEqual([
    { kind: 'promotions', total: -775 },
    { kind: 'wallet', total: 775 },
  ]);
};

describe('admin CLI: credits and wallets', { timeout: 300_000 }, () => {
  it('grants credits from promotions and shows the wallet on PostgreSQL', async () => {
    await withPgSchema((env, admin, schema) =>
      scenario(env, async (sql) => (await admin.query(sql.replaceAll('ledger_', `${schema}.ledger_`))).rows),
    );
  });

  it('grants credits and shows the wallet on the embedded database', async () => {
    const dataDir = cliDataDir();
    const env = { DATA_DIR: dataDir };
    await scenario(env, async (sql) => {
      const h = await openPglite(path.join(dataDir, 'db'));
      try {
        return await h.queryRows(sql);
      } finally {
        await h.close();
      }
    });
  });
});
