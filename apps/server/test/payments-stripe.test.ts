import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { msg, type CheckoutSessionView } from '@atrium/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { paymentsForCli } from '../src/modules/payments/cli.ts';
import { databases, type TestDb } from './support/db.ts';
import { RecordingMailer } from './support/app.ts';
import { injectAs, signUpUser } from './support/users.ts';

// The Stripe adapter makes real SDK calls to a local stand-in for the Stripe API (the SDK's
// host/port/protocol options); webhooks are signed with the SDK's own test-header helper.

const WHSEC = 'whsec_stripe_standin_secret_000000';
const signer = new Stripe('sk_test_signer');

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  auth: string | undefined;
}

/** What the stand-in answers for a plan change's proration (Stripe computes it; we pass it through). */
const PRORATED = 1234;

function standIn() {
  const calls: Call[] = [];
  const prices = new Map<string, string>();
  /** The payment method each session was paid with or saved, as Stripe expands it on retrieve. */
  const sessionCards = new Map<string, { via: 'payment_intent' | 'setup_intent'; pm: object }>();
  let failNext = false;
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        path: req.url ?? '',
        form: new URLSearchParams(body),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        auth: req.headers.authorization,
      };
      calls.push(call);
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
        res.end(JSON.stringify(json));
      };
      if (failNext) return send(500, { error: { type: 'api_error', message: 'stand-in failure' } });
      if (call.path === '/v1/checkout/sessions' && call.method === 'POST') {
        const id = `cs_test_${++n}`;
        return send(200, { id, object: 'checkout.session', client_secret: `${id}_secret_abc`, status: 'open', payment_status: 'unpaid' });
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)(\?.*)?$/.exec(call.path);
      if (retrieve && call.method === 'GET') {
        const card = sessionCards.get(retrieve[1]!);
        return send(200, {
          id: retrieve[1],
          object: 'checkout.session',
          payment_intent: card?.via === 'payment_intent' ? { id: 'pi_retrieved', object: 'payment_intent', payment_method: card.pm } : null,
          setup_intent: card?.via === 'setup_intent' ? { id: 'seti_retrieved', object: 'setup_intent', payment_method: card.pm } : null,
          subscription: null,
        });
      }
      const sub = /^\/v1\/subscriptions\/([\w-]+)(\?.*)?$/.exec(call.path);
      if (sub && call.method === 'GET') return send(200, { id: sub[1], object: 'subscription', customer: 'cus_standin', items: { object: 'list', data: [{ id: `si_${sub[1]}`, object: 'subscription_item' }] } });
      if (sub && call.method === 'POST')
        return send(200, {
          id: sub[1],
          object: 'subscription',
          cancel_at_period_end: call.form.get('cancel_at_period_end') === 'true',
          latest_invoice: call.form.has('items[0][price]') ? { id: `in_${++n}`, object: 'invoice', amount_paid: PRORATED } : null,
        });
      if (call.path.startsWith('/v1/prices?') && call.method === 'GET') {
        const key = new URL(call.path, 'http://x').searchParams.get('lookup_keys[0]');
        return send(200, { object: 'list', data: prices.has(key ?? '') ? [{ id: prices.get(key ?? ''), object: 'price' }] : [] });
      }
      if (call.path === '/v1/prices' && call.method === 'POST') {
        const id = `price_${++n}`;
        prices.set(call.form.get('lookup_key') ?? '', id);
        return send(200, { id, object: 'price' });
      }
      if (call.path === '/v1/invoices/create_preview' && call.method === 'POST') return send(200, { id: 'upcoming', object: 'invoice', amount_due: PRORATED });
      if (call.path === '/v1/refunds' && call.method === 'POST') return send(200, { id: `re_${++n}`, object: 'refund', status: 'succeeded' });
      send(404, { error: { type: 'invalid_request_error', message: `no stand-in for ${call.method} ${call.path}` } });
    });
  });
  return {
    calls,
    server,
    sessionCards,
    fail: (on: boolean) => (failNext = on),
  };
}

describe.each(databases)('payments with the Stripe adapter against a local Stripe stand-in on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  const stripe = standIn();
  let env: Record<string, string>;

  const webhook = (type: string, object: object) => {
    const payload = JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
    const sig = signer.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
    return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': sig } });
  };

  beforeAll(async () => {
    db = await open();
    await new Promise<void>((r) => stripe.server.listen(0, '127.0.0.1', r));
    const port = (stripe.server.address() as AddressInfo).port;
    env = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-stripe-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    app = await buildApp({ config, database: db, mailer: new RecordingMailer() });
    await app.ready();
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
    stripe.server.close();
  });

  it('lets Stripe.js and embedded Checkout in through the CSP, and names Stripe as the provider', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('https://js.stripe.com');
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('https://js.stripe.com');
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain('https://api.stripe.com');
    expect((await app.inject('/api/stripe/products')).json()).toMatchObject({ provider: 'stripe' });
  });

  it('opens embedded Checkout through the SDK with an idempotency key, credits on the signed webhook and refunds through Stripe', async () => {
    const u = await signUpUser(app, db, 'stripe-bundle@example.com', 'Stripe Bundle');
    const res = await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { oneTimeItemId: ['credits-600'], currency: 'usd' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json() as CheckoutSessionView;
    expect(s).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_standin', amountMinor: 6500, currency: 'usd' });
    expect(s.clientSecret).toBe(`${s.sessionId}_secret_abc`);
    const call = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.auth).toBe('Bearer sk_test_standin');
    expect(call.idempotencyKey).toBeTruthy();
    expect(call.form.get('ui_mode')).toBe('embedded_page');
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('6500');
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(call.form.get('client_reference_id')).toBe(u.id);

    const paid = await webhook('checkout.session.completed', { id: s.sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_standin_1' });
    expect(paid.json()).toEqual({ received: true, handled: true });
    expect((await injectAs(app, u, 'GET', '/api/wallet')).json()).toEqual({ availableBalance: 600 });
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).json()).toMatchObject({ status: 'complete', paymentStatus: 'paid' });

    const service = paymentsForCli(db.db, loadConfig({ NODE_ENV: 'test', ...env }));
    const [payment] = await service.paymentsOf(u.id);
    expect(await service.refund(payment!.id)).toMatchObject({ refundedCoin: 600, refundedMinor: 6500, availableBalance: 0 });
    const refund = stripe.calls.find((c) => c.path === '/v1/refunds')!;
    expect(refund.form.get('payment_intent')).toBe('pi_standin_1');
    expect(refund.form.get('amount')).toBe('6500');
    expect(refund.idempotencyKey).toBeTruthy();
  });

  it('subscribes through Stripe, forwards cancel / re-enable to it, and ends the plan on subscription.deleted', async () => {
    const u = await signUpUser(app, db, 'stripe-plan@example.com', 'Stripe Plan');
    const s = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { subscriptionId: 'plan-pro-monthly' })).json() as CheckoutSessionView;
    const call = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    // Stripe may deliver the subscription's own event before the checkout's: acknowledged, nothing breaks.
    const early = await webhook('customer.subscription.updated', { id: 'sub_standin_1', object: 'subscription', cancel_at_period_end: false, items: { data: [] } });
    expect(early.statusCode).toBe(200);
    await webhook('checkout.session.completed', { id: s.sessionId, object: 'checkout.session', payment_status: 'paid', subscription: 'sub_standin_1' });
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ plan: 'PRO', status: 'active', role: 'premium-user' });

    expect((await injectAs(app, u, 'POST', '/api/stripe/cancel/subscription')).json()).toMatchObject({ isCanceled: 2, status: 'canceled' });
    const cancel = stripe.calls.filter((c) => c.path === '/v1/subscriptions/sub_standin_1').at(-1)!;
    expect(cancel.form.get('cancel_at_period_end')).toBe('true');
    expect((await injectAs(app, u, 'POST', '/api/stripe/removecancelationsubscription')).json()).toMatchObject({ isCanceled: 0, status: 'active' });
    expect(stripe.calls.filter((c) => c.path === '/v1/subscriptions/sub_standin_1').at(-1)!.form.get('cancel_at_period_end')).toBe('false');

    // Switching to yearly through a new checkout stops the monthly subscription renewing at Stripe.
    const yearly = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { subscriptionId: 'plan-pro-yearly' })).json() as CheckoutSessionView;
    await webhook('checkout.session.completed', { id: yearly.sessionId, object: 'checkout.session', payment_status: 'paid', subscription: 'sub_standin_2' });
    await new Promise((r) => setTimeout(r, 300));
    expect(stripe.calls.filter((c) => c.path === '/v1/subscriptions/sub_standin_1').at(-1)!.form.get('cancel_at_period_end')).toBe('true');
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ priceId: 'plan-pro-yearly', status: 'active' });
    // The old subscription's end concerns no plan any more.
    expect((await webhook('customer.subscription.deleted', { id: 'sub_standin_1', object: 'subscription' })).json()).toEqual({ received: true, handled: false });
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ status: 'active', role: 'premium-user' });

    await webhook('customer.subscription.deleted', { id: 'sub_standin_2', object: 'subscription' });
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ status: 'expired', role: 'free-user' });
  });

  it('upgrades a Stripe plan through the invoice preview and a subscription update with the same proration date', async () => {
    const u = await signUpUser(app, db, 'stripe-upgrade@example.com', 'Stripe Upgrade');
    const s = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { subscriptionId: 'plan-standard-monthly', currency: 'gbp' })).json() as CheckoutSessionView;
    await webhook('checkout.session.completed', { id: s.sessionId, object: 'checkout.session', payment_status: 'paid', subscription: 'sub_upgrade_1' });
    const p = await injectAs(app, u, 'GET', '/api/stripe/previewsubscriptionupdate?subscriptionId=plan-pro-monthly');
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ amountDueMinor: PRORATED, currency: 'gbp', plan: 'PRO', interval: 'monthly' });
    const preview = stripe.calls.find((c) => c.path === '/v1/invoices/create_preview')!;
    expect(preview.form.get('subscription')).toBe('sub_upgrade_1');
    expect(preview.form.get('subscription_details[items][0][id]')).toBe('si_sub_upgrade_1');
    expect(preview.form.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    expect(preview.form.get('subscription_details[proration_date]')).toBe(String(p.json().prorationDate));
    const created = stripe.calls.filter((c) => c.path === '/v1/prices');
    expect(created).toHaveLength(1);
    expect(created[0]!.form.get('currency')).toBe('gbp');
    expect(created[0]!.form.get('recurring[interval]')).toBe('month');
    const priceId = preview.form.get('subscription_details[items][0][price]');

    const up = await injectAs(app, u, 'POST', '/api/stripe/updatesubscription', { subscriptionId: 'plan-pro-monthly', prorationDate: p.json().prorationDate });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ plan: 'PRO', priceId: 'plan-pro-monthly', role: 'premium-user' });
    const update = stripe.calls.filter((c) => c.path === '/v1/subscriptions/sub_upgrade_1' && c.method === 'POST').at(-1)!;
    expect(update.form.get('items[0][id]')).toBe('si_sub_upgrade_1');
    expect(update.form.get('items[0][price]')).toBe(priceId);
    expect(update.form.get('proration_date')).toBe(String(p.json().prorationDate));
    expect(update.form.get('payment_behavior')).toBe('error_if_incomplete');
    expect(update.idempotencyKey).toBeTruthy();
    // The price was found again by its lookup key, not created twice.
    expect(stripe.calls.filter((c) => c.path === '/v1/prices')).toHaveLength(1);
    const [receipt] = (await injectAs(app, u, 'GET', '/api/userproducts')).json() as { amountMinor: number; currency: string }[];
    expect(receipt).toMatchObject({ amountMinor: PRORATED, currency: 'gbp' });
    expect((await injectAs(app, u, 'GET', '/api/stripe/previewsubscriptionupdate?subscriptionId=plan-standard-yearly')).statusCode).toBe(400);

    stripe.fail(true);
    try {
      const failed = await injectAs(app, u, 'POST', '/api/stripe/updatesubscription', { subscriptionId: 'plan-pro-yearly' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: msg.payments.upgradeFailed('Stripe') });
    } finally {
      stripe.fail(false);
    }
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ priceId: 'plan-pro-monthly' });
  }, 30_000);

  it('keeps the card Stripe charged (read back from the session) and puts its last 4 on the receipt', async () => {
    const u = await signUpUser(app, db, 'stripe-card@example.com', 'Stripe Card');
    const s = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { oneTimeItemId: ['credits-100'] })).json() as CheckoutSessionView;
    stripe.sessionCards.set(s.sessionId, {
      via: 'payment_intent',
      pm: { id: 'pm_visa', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
    });
    await webhook('checkout.session.completed', { id: s.sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_card_1' });
    const retrieve = stripe.calls.filter((c) => c.path.startsWith(`/v1/checkout/sessions/${s.sessionId}`)).at(-1)!;
    expect(retrieve.method).toBe('GET');
    expect(decodeURIComponent(retrieve.path)).toContain('expand[0]=payment_intent.payment_method');
    expect((await injectAs(app, u, 'GET', '/api/getuserslastcarddetails')).json()).toMatchObject({
      card: { provider: 'stripe', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const [row] = (await injectAs(app, u, 'GET', '/api/userproducts')).json() as { paymentId: string }[];
    expect((await injectAs(app, u, 'GET', `/api/userproducts/${row!.paymentId}`)).json()).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
  });

  it('updates a Stripe plan’s payment method through a setup-mode Checkout Session and makes it the subscription’s default', async () => {
    const u = await signUpUser(app, db, 'stripe-method@example.com', 'Stripe Method');
    expect((await injectAs(app, u, 'POST', '/api/stripe/updatepaymentmethod/subscription')).statusCode).toBe(404);
    const s = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { subscriptionId: 'plan-standard-yearly', currency: 'gbp' })).json() as CheckoutSessionView;
    await webhook('checkout.session.completed', { id: s.sessionId, object: 'checkout.session', payment_status: 'paid', subscription: 'sub_method_1' });

    const res = await injectAs(app, u, 'POST', '/api/stripe/updatepaymentmethod/subscription');
    expect(res.statusCode, res.body).toBe(201);
    const setup = res.json() as { sessionId: string; clientSecret: string; provider: string; publishableKey: string };
    expect(setup).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_standin', clientSecret: `${setup.sessionId}_secret_abc` });
    const create = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions' && c.method === 'POST').at(-1)!;
    expect(create.form.get('mode')).toBe('setup');
    expect(create.form.get('ui_mode')).toBe('embedded_page');
    expect(create.form.get('customer')).toBe('cus_standin');
    expect(create.form.get('currency')).toBe('gbp');
    expect(create.form.get('setup_intent_data[metadata][subscription_id]')).toBe('sub_method_1');
    expect(create.form.has('line_items[0][price_data][unit_amount]')).toBe(false);
    expect(create.idempotencyKey).toBeTruthy();
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${setup.sessionId}`)).json()).toMatchObject({ mode: 'setup', status: 'open', amountMinor: 0 });

    stripe.sessionCards.set(setup.sessionId, {
      via: 'setup_intent',
      pm: { id: 'pm_new_card', object: 'payment_method', card: { brand: 'mastercard', last4: '4444', exp_month: 6, exp_year: 2031 } },
    });
    const done = await webhook('checkout.session.completed', { id: setup.sessionId, object: 'checkout.session', mode: 'setup', payment_status: 'no_payment_required', setup_intent: 'seti_1' });
    expect(done.json()).toEqual({ received: true, handled: true });
    const update = stripe.calls.filter((c) => c.path === '/v1/subscriptions/sub_method_1' && c.method === 'POST').at(-1)!;
    expect(update.form.get('default_payment_method')).toBe('pm_new_card');
    expect((await injectAs(app, u, 'GET', '/api/getuserslastcarddetails')).json()).toMatchObject({
      card: { provider: 'stripe', brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2031 },
    });
    // Nothing was charged: one payment (the plan), the plan unchanged.
    expect((await injectAs(app, u, 'GET', '/api/userproducts')).json()).toHaveLength(1);
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ plan: 'STANDARD', status: 'active' });

    // Stripe down: 'Failed to open Stripe checkout', and no session is recorded.
    stripe.fail(true);
    try {
      const failed = await injectAs(app, u, 'POST', '/api/stripe/updatepaymentmethod/subscription');
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: msg.payments.checkoutFailed('Stripe') });
    } finally {
      stripe.fail(false);
    }
  }, 30_000);

  it('marks a session Stripe let expire unpaid as expired and credits nothing', async () => {
    const u = await signUpUser(app, db, 'stripe-expired@example.com', 'Stripe Expired');
    const s = (await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { oneTimeItemId: ['credits-100'] })).json() as CheckoutSessionView;
    expect((await webhook('checkout.session.expired', { id: s.sessionId, object: 'checkout.session', status: 'expired' })).json()).toEqual({ received: true, handled: true });
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).json()).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect((await injectAs(app, u, 'GET', '/api/wallet')).json()).toEqual({ availableBalance: 0 });
  });

  it('answers "Failed to open Stripe checkout" when Stripe fails, and records no session', async () => {
    const u = await signUpUser(app, db, 'stripe-down@example.com', 'Stripe Down');
    stripe.fail(true);
    try {
      const res = await injectAs(app, u, 'POST', '/api/stripe/checkout-session', { oneTimeItemId: ['credits-100'] });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_FAILED', message: msg.payments.checkoutFailed('Stripe') });
    } finally {
      stripe.fail(false);
    }
    const forged = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{"id":"evt_x"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(forged.statusCode).toBe(400);
  }, 30_000);
});
