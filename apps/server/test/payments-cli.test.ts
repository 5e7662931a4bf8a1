import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { paymentsForCli } from '../src/modules/payments/cli.ts';
import type { Actor } from '../src/plugins/actor.ts';
import { cli, withPgSchema } from './support/cli.ts';

// `atrium refund --payment <id>` and `atrium users set-role` as operators run them, on PostgreSQL
// beside the process that took the payment.

describe('admin CLI: refunds and operator plans', { timeout: 300_000 }, () => {
  it('refunds a card payment’s unspent credits once, and set-role gives and ends a plan', async () => {
    await withPgSchema(async (env, admin, schema) => {
      expect(cli(['users', 'create', '--email', 'refund@example.org', '--password', 'refund-1234'], env).code).toBe(0);
      const [user] = (await admin.query(`select id, email from ${schema}.users where email = 'refund@example.org'`)).rows as { id: string }[];
      const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'false' });
      const h = await openDatabase(config);
      let paymentId: string;
      try {
        const payments = paymentsForCli(h.db, config);
        const actor: Actor = { userId: user!.id, subject: user!.id, name: null, email: 'refund@example.org', role: 'free-user', via: 'bearer' };
        const s = await payments.createCheckout(actor, { oneTimeItemId: ['credits-300'], currency: 'eur' });
        await payments.builtin.pay(actor, s.sessionId, { clientSecret: s.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
        paymentId = (await payments.paymentsOf(user!.id))[0]!.id;
      } finally {
        await h.close();
      }
      expect(cli(['refund'], env).code).toBe(2);
      const unknown = cli(['refund', '--payment', '00000000-0000-7000-8000-000000000000'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toMatch(/No payment with this id/);
      const done = cli(['refund', '--payment', paymentId], env);
      expect(done.code, done.err).toBe(0);
      expect(done.out).toBe('refunded 300 credits and 30.00 eur; balance 0');
      const again = cli(['refund', '--payment', paymentId], env);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/already refunded/);
      const sums = (
        await admin.query(
          `select a.kind, sum(e.amount)::int as total from ${schema}.ledger_entries e join ${schema}.ledger_accounts a on a.id = e.account_id group by a.kind order by a.kind`,
        )
      ).rows;
      expect(sums).toEqual([
        { kind: 'card_clearing', total: -300 },
        { kind: 'refunds', total: 300 },
        { kind: 'wallet', total: 0 },
      ]);

      // The operator's plan is a subscription like any other: the role follows it.
      expect(cli(['users', 'set-role', '--email', 'refund@example.org', '--role', 'premium-user'], env).code).toBe(0);
      const sub = (await admin.query(`select plan, status from ${schema}.subscriptions where user_id = $1`, [user!.id])).rows;
      expect(sub).toEqual([{ plan: 'PRO', status: 'active' }]);
      expect(cli(['users', 'set-role', '--email', 'refund@example.org', '--role', 'free-user'], env).code).toBe(0);
      const ended = (await admin.query(`select status from ${schema}.subscriptions where user_id = $1`, [user!.id])).rows;
      expect(ended).toEqual([{ status: 'expired' }]);
      expect(cli(['users', 'list'], env).out).toMatch(/refund@example\.org\t[^\n]*free-user/);
    });
  });
});
