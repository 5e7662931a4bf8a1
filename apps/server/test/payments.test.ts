import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { msg, type CheckoutSessionView, type PaymentProductsView, type UserSubscriptionPlanView } from '@atrium/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ManualClock } from '../src/modules/subscriptions/clock.ts';
import { SubscriptionsRepo } from '../src/modules/subscriptions/repo.ts';
import { SubscriptionsService } from '../src/modules/subscriptions/service.ts';
import { SlotsRepo } from '../src/modules/slots/repo.ts';
import { SlotsService } from '../src/modules/slots/service.ts';
import { NotificationsRepo } from '../src/modules/notifications/repo.ts';
import { NotificationsService } from '../src/modules/notifications/service.ts';
import { MarketplaceRepo } from '../src/modules/marketplace/repo.ts';
import { paymentsForCli } from '../src/modules/payments/cli.ts';
import { databases, type TestDb } from './support/db.ts';
import { RecordingMailer } from './support/app.ts';
import { injectAs, signUpUser, type TestUser as User } from './support/users.ts';

// Card checkout with the built-in provider, the one webhook path, plans and refunds (issue 15).

const SECRET = 'whsec_test_builtin_secret_0123456789';
const signer = new Stripe('sk_test_signer');
const DAY = 86_400_000;
let n = 0;

describe.each(databases)('payments: checkout, webhooks, plans and refunds on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  const clock = new ManualClock(new Date());

  const balance = async (u: User) => (await injectAs(app, u, 'GET', '/api/wallet')).json().availableBalance as number;
  const checkout = (u: User | null, body: object) => injectAs(app, u, 'POST', '/api/stripe/checkout-session', body);
  const pay = (u: User, s: CheckoutSessionView, cardNumber: string, extra: object = {}) =>
    injectAs(app, u, 'POST', `/api/payments/builtin/sessions/${s.sessionId}/pay`, {
      clientSecret: s.clientSecret,
      cardNumber,
      expiry: '12/40',
      cvc: '123',
      ...extra,
    });
  const open600 = async (u: User) => {
    const res = await checkout(u, { oneTimeItemId: ['credits-600'] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CheckoutSessionView;
  };
  const webhook = (event: object, timestamp?: number, secret = SECRET) => {
    const payload = JSON.stringify(event);
    const sig = signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': sig } });
  };
  const completed = (sessionId: string, id = `evt_test_${++n}`) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  });
  const ledgerCheck = () => new MarketplaceRepo(db.db).check();

  beforeAll(async () => {
    db = await open();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pay-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, BUILTIN_PAYMENTS_WEBHOOK_SECRET: SECRET, SIGNUP_RATE_LIMIT_MAX: '100', TEST_FAST_PASSWORD_HASH: 'true' });
    app = await buildApp({ config, database: db, mailer: new RecordingMailer(), clock });
    await app.ready();
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('lists bundles by coins and plans by monthly price with the spec discount, in eur by default', async () => {
    const res = await injectAs(app, null, 'GET', '/api/stripe/products');
    expect(res.statusCode).toBe(200);
    const p = res.json() as PaymentProductsView;
    expect(p.currencySymbol).toBe('€');
    expect(p.provider).toBe('builtin');
    expect(p.oneTimeProducts.map((b) => [b.coinAmount, b.priceAmount, b.iconId])).toEqual([
      [100, 10, 1],
      [300, 30, 2],
      [600, 60, 3],
      [1200, 120, 4],
    ]);
    expect(p.subscriptionProducts.map((s) => `${s.subscriptionIdentifier}/${s.interval}/${s.priceAmount}/${s.discountPercent}`)).toEqual([
      'FREE/monthly/0/0',
      'FREE/yearly/0/0',
      'STANDARD/monthly/12/0',
      'STANDARD/yearly/120/16',
      'PRO/monthly/29/0',
      'PRO/yearly/290/16',
    ]);
    const gbp = (await injectAs(app, null, 'GET', '/api/stripe/products?currency=gbp')).json() as PaymentProductsView;
    expect(gbp.currencySymbol).toBe('£');
    expect(gbp.oneTimeProducts.every((b) => b.currency === 'gbp')).toBe(true);
    expect((await injectAs(app, null, 'GET', '/api/stripe/products?currency=jpy')).statusCode).toBe(400);
  });

  it('has no test clock unless a test process asks for one (TEST_CLOCK is refused outside NODE_ENV=test)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceDays: 31 } })).statusCode).toBe(404);
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false);
    expect(loadConfig({}).testClock).toBe(false);
    expect(() => loadConfig({ TEST_CLOCK: 'true' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK: 'true' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
  });

  it('keeps Stripe’s hosts out of the CSP when Stripe is not the provider', async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('stripe.com');
  });

  it('refuses bad checkout input with 4xx and opens nothing', async () => {
    const u = await signUpUser(app, db, 'pay-bad@example.com', 'Pay Bad');
    const cases: [string, object, number][] = [
      ['nothing chosen', {}, 400],
      ['unknown bundle', { oneTimeItemId: ['credits-999'] }, 400],
      ['two bundles at once', { oneTimeItemId: ['credits-100', 'credits-300'] }, 400],
      ['unknown plan', { subscriptionId: 'plan-gold-monthly' }, 400],
      ['the free plan', { subscriptionId: 'plan-free-monthly' }, 400],
      ['unknown currency', { oneTimeItemId: ['credits-100'], currency: 'btc' }, 400],
      ['a price from the client', { oneTimeItemId: ['credits-100'], amount: 1 }, 400],
      ['paying for someone else', { oneTimeItemId: ['credits-100'], userId: '00000000-0000-7000-8000-000000000000' }, 400],
    ];
    for (const [label, body, status] of cases) expect((await checkout(u, body)).statusCode, label).toBe(status);
    expect((await checkout(null, { oneTimeItemId: ['credits-100'] })).statusCode).toBe(401);
  });

  it('pays a 600-credit bundle with 4242… through the signed webhook path and credits the wallet once', async () => {
    const u = await signUpUser(app, db, 'pay-ok@example.com', 'Pay Ok');
    const s = await open600(u);
    expect(s).toMatchObject({ provider: 'builtin', publishableKey: null, amountMinor: 6000, currency: 'eur' });
    const before = (await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).json();
    expect(before).toMatchObject({ status: 'open', paymentStatus: 'unpaid', coinAmount: 600 });
    const res = await pay(u, s, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', sessionId: s.sessionId });
    expect(await balance(u)).toBe(600);
    const after = (await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).json();
    expect(after).toMatchObject({ status: 'complete', paymentStatus: 'paid', cardStatus: 'succeeded' });
    // Paying again, or replaying a completion for it, changes nothing.
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(409);
    const replay = await webhook(completed(s.sessionId));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, handled: false });
    expect(await balance(u)).toBe(600);
    expect(await ledgerCheck()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('changes nothing for a declined card and lets the page retry with another', async () => {
    const u = await signUpUser(app, db, 'pay-declined@example.com', 'Pay Declined');
    const s = await open600(u);
    const res = await pay(u, s, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'PAYMENT_DECLINED', message: msg.payments.cardDeclined });
    expect(await balance(u)).toBe(0);
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).json()).toMatchObject({
      status: 'open',
      cardStatus: 'declined',
    });
    for (const bad of [{ cardNumber: '4242' }, { expiry: '13/40' }, { expiry: '01/20' }, { cvc: '12' }, { clientSecret: 'wrong' }])
      expect((await pay(u, s, '4242424242424242', bad)).statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
    expect(await balance(u)).toBe(0);
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    expect(await balance(u)).toBe(600);
  });

  it('asks 4000 0025 0000 3155 for a confirmation step before paying', async () => {
    const u = await signUpUser(app, db, 'pay-3ds@example.com', 'Pay Threeds');
    const s = await open600(u);
    const confirmUrl = `/api/payments/builtin/sessions/${s.sessionId}/confirm`;
    expect((await injectAs(app, u, 'POST', confirmUrl, { clientSecret: s.clientSecret })).statusCode).toBe(409);
    const res = await pay(u, s, '4000 0025 0000 3155');
    expect(res.json()).toEqual({ status: 'requires_action', sessionId: s.sessionId });
    expect(await balance(u)).toBe(0);
    const confirmed = await injectAs(app, u, 'POST', confirmUrl, { clientSecret: s.clientSecret });
    expect(confirmed.json()).toEqual({ status: 'succeeded', sessionId: s.sessionId });
    expect(await balance(u)).toBe(600);
  });

  it('credits once when two tabs pay the same session at the same time', async () => {
    const u = await signUpUser(app, db, 'pay-tabs@example.com', 'Pay Tabs');
    const s = await open600(u);
    const answers = await Promise.all([pay(u, s, '4242424242424242'), pay(u, s, '4242424242424242'), pay(u, s, '4242424242424242')]);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(await balance(u)).toBe(600);
    expect(await ledgerCheck()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });

  it('keeps sessions to their owner: nobody pays or reads another person’s checkout', async () => {
    const owner = await signUpUser(app, db, 'pay-owner@example.com', 'Pay Owner');
    const other = await signUpUser(app, db, 'pay-other@example.com', 'Pay Other');
    const s = await open600(owner);
    expect((await pay(other, s, '4242424242424242')).statusCode).toBe(404);
    expect((await injectAs(app, other, 'GET', `/api/stripe/session-status?sessionId=${s.sessionId}`)).statusCode).toBe(404);
    expect(await balance(other)).toBe(0);
    expect(await balance(owner)).toBe(0);
    expect((await injectAs(app, owner, 'GET', '/api/stripe/session-status?sessionId=bcs_nope')).statusCode).toBe(404);
  });

  it('refuses forged, stale and unknown-session webhooks; replays and reordered events change nothing', async () => {
    const u = await signUpUser(app, db, 'pay-hooks@example.com', 'Pay Hooks');
    const s = await open600(u);
    const forged = await webhook(completed(s.sessionId), undefined, 'whsec_someone_else_entirely_0000');
    expect(forged.statusCode).toBe(400);
    const unsigned = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify(completed(s.sessionId)), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const stale = await webhook(completed(s.sessionId), Math.floor(Date.now() / 1000) - 400);
    expect(stale.statusCode).toBe(400);
    // A body changed after signing fails too.
    const payload = JSON.stringify(completed(s.sessionId));
    const sig = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': sig },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await balance(u)).toBe(0);
    expect((await webhook(completed('bcs_unknown_session'))).statusCode).toBe(404);
    // An unpaid completion (an async method still pending) credits nothing.
    const unpaid = completed(s.sessionId);
    unpaid.data.object.payment_status = 'unpaid';
    expect((await webhook(unpaid)).json()).toEqual({ received: true, handled: false });
    const ok = await webhook(completed(s.sessionId, 'evt_once'));
    expect(ok.json()).toEqual({ received: true, handled: true });
    expect((await webhook(completed(s.sessionId, 'evt_once'))).json()).toEqual({ received: true, handled: false });
    expect((await webhook(completed(s.sessionId, 'evt_other_delivery'))).json()).toEqual({ received: true, handled: false });
    expect(await balance(u)).toBe(600);
  });

  it('subscribes to Pro yearly: PRO role and 4 plan slots at once; cancel keeps it to the period end, then it lapses', async () => {
    const u = await signUpUser(app, db, 'pay-pro@example.com', 'Pay Pro');
    // A subscription event for a checkout not completed yet is acknowledged and breaks nothing.
    const early = await webhook({
      id: `evt_sub_${++n}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_not_yet_known', object: 'subscription', cancel_at_period_end: false, items: { data: [] } } },
    });
    expect(early.json()).toEqual({ received: true, handled: false });
    const free = (await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView;
    expect(free).toMatchObject({ plan: 'FREE', status: null, role: 'free-user', isCanceled: 0 });
    expect((await injectAs(app, u, 'GET', '/api/slot/me')).json()).toMatchObject({ planSlots: 0, total: 1 });

    const s = (await checkout(u, { subscriptionId: 'plan-pro-yearly' })).json() as CheckoutSessionView;
    expect(s.amountMinor).toBe(29000);
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    const pro = (await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView;
    expect(pro).toMatchObject({ priceId: 'plan-pro-yearly', plan: 'PRO', interval: 'yearly', status: 'active', isCanceled: 0, role: 'premium-user' });
    // Same token as before: the role comes from the plan, not from the token.
    const me = (await injectAs(app, u, 'GET', '/api/slot/me')).json();
    expect(me).toMatchObject({ planSlots: 4, total: 4 });
    expect((await checkout(u, { subscriptionId: 'plan-pro-yearly' })).statusCode).toBe(409);

    const canceled = (await injectAs(app, u, 'POST', '/api/stripe/cancel/subscription')).json() as UserSubscriptionPlanView;
    expect(canceled).toMatchObject({ status: 'canceled', isCanceled: 2, role: 'premium-user' });
    expect(canceled.canceledAt).not.toBeNull();
    const again = (await injectAs(app, u, 'POST', '/api/stripe/removecancelationsubscription')).json() as UserSubscriptionPlanView;
    expect(again).toMatchObject({ status: 'active', isCanceled: 0 });
    await injectAs(app, u, 'POST', '/api/stripe/cancel/subscription');

    clock.advance(366 * DAY);
    const plans = new SubscriptionsService({ db: db.db, repo: new SubscriptionsRepo(db.db), slots: new SlotsRepo(db.db), clock, publish: () => {} });
    expect(await plans.runDue()).toEqual({ renewed: 0, expired: 1 });
    expect(await plans.runDue()).toEqual({ renewed: 0, expired: 0 });
    const ended = (await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView;
    expect(ended).toMatchObject({ status: 'expired', role: 'free-user' });
    expect((await injectAs(app, u, 'GET', '/api/slot/me')).json()).toMatchObject({ planSlots: 0 });
    expect((await injectAs(app, u, 'POST', '/api/stripe/removecancelationsubscription')).statusCode).toBe(409);
  });

  it('upgrades Standard monthly to Pro after a prorated preview, then to yearly; refuses the same, lower and stale', async () => {
    const u = await signUpUser(app, db, 'pay-upgrade@example.com', 'Pay Upgrade');
    const preview = (priceId: string) => injectAs(app, u, 'GET', `/api/stripe/previewsubscriptionupdate?subscriptionId=${priceId}`);
    const update = (body: object) => injectAs(app, u, 'POST', '/api/stripe/updatesubscription', body);
    expect((await preview('plan-pro-monthly')).statusCode).toBe(404);

    const s = (await checkout(u, { subscriptionId: 'plan-standard-monthly' })).json() as CheckoutSessionView;
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    const start = clock.now().getTime();
    const end = Date.parse(((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView).endsAt!);
    clock.advance(10 * DAY + 1234);

    expect((await preview('plan-standard-monthly')).statusCode).toBe(409);
    expect((await preview('plan-free-monthly')).statusCode).toBe(400);
    expect((await preview('no-such-plan')).statusCode).toBe(400);
    expect((await preview('')).statusCode).toBe(400);

    const p = await preview('plan-pro-monthly');
    expect(p.statusCode, p.body).toBe(200);
    const at = p.json().prorationDate * 1000;
    const due = Math.round(((2900 - 1200) * (end - at)) / (end - start));
    expect(due).toBeGreaterThan(1000);
    expect(p.json()).toEqual({ priceId: 'plan-pro-monthly', plan: 'PRO', interval: 'monthly', amountDueMinor: due, currency: 'eur', endsAt: new Date(end).toISOString(), prorationDate: at / 1000 });
    expect((await update({ subscriptionId: 'plan-pro-monthly', prorationDate: at / 1000 - 7200 })).statusCode).toBe(400);
    expect((await update({ subscriptionId: 'plan-pro-monthly', prorationDate: 'soon' })).statusCode).toBe(400);

    clock.advance(5_000);
    const up = await update({ subscriptionId: 'plan-pro-monthly', prorationDate: at / 1000 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ priceId: 'plan-pro-monthly', plan: 'PRO', status: 'active', role: 'premium-user', endsAt: new Date(end).toISOString() });
    const [receipt] = (await injectAs(app, u, 'GET', '/api/userproducts')).json() as { amountMinor: number; description: string; coinAmount: number }[];
    expect(receipt).toMatchObject({ amountMinor: due, description: 'Pro (monthly)', coinAmount: 0 });
    expect((await injectAs(app, u, 'GET', '/api/slot/me')).json()).toMatchObject({ planSlots: 4 });

    expect((await update({ subscriptionId: 'plan-pro-monthly' })).statusCode).toBe(409);
    expect((await update({ subscriptionId: 'plan-standard-monthly' })).statusCode).toBe(400);
    expect((await preview('plan-standard-yearly')).statusCode).toBe(400);

    const left = (end - Math.floor(clock.now().getTime() / 1000) * 1000) / (end - start);
    const yearly = (await preview('plan-pro-yearly')).json();
    expect(yearly.amountDueMinor).toBe(29000 - Math.round(2900 * left));
    const y = (await update({ subscriptionId: 'plan-pro-yearly' })).json() as UserSubscriptionPlanView;
    expect(y).toMatchObject({ priceId: 'plan-pro-yearly', interval: 'yearly', status: 'active' });
    expect(Date.parse(y.endsAt!)).toBeGreaterThan(clock.now().getTime() + 364 * DAY);
    expect((await preview('plan-pro-monthly')).statusCode).toBe(400);
    expect((await injectAs(app, null, 'GET', '/api/stripe/previewsubscriptionupdate?subscriptionId=plan-pro-yearly')).statusCode).toBe(401);
  });

  it('shows the receipt of one’s own payment line by line, and 404 for anyone else’s', async () => {
    const u = await signUpUser(app, db, 'pay-receipt@example.com', 'Pay Receipt');
    const other = await signUpUser(app, db, 'pay-receipt-other@example.com', 'Pay Other');
    const s = (await checkout(u, { oneTimeItemId: ['credits-300'], subscriptionId: 'plan-standard-yearly' })).json() as CheckoutSessionView;
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    const [row] = (await injectAs(app, u, 'GET', '/api/userproducts')).json() as { paymentId: string; createdAt: string }[];
    const res = await injectAs(app, u, 'GET', `/api/userproducts/${row!.paymentId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      paymentId: row!.paymentId,
      createdAt: row!.createdAt,
      provider: 'builtin',
      currency: 'eur',
      amountMinor: 3000 + 12000,
      coinAmount: 300,
      lines: [
        { id: 'credits-300', productName: expect.any(String), amountMinor: 3000 },
        { id: 'plan-standard-yearly', productName: 'Standard (yearly)', amountMinor: 12000 },
      ],
      refundedMinor: 0,
      refundedCoin: 0,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect((await injectAs(app, other, 'GET', `/api/userproducts/${row!.paymentId}`)).statusCode).toBe(404);
    expect((await injectAs(app, null, 'GET', `/api/userproducts/${row!.paymentId}`)).statusCode).toBe(401);
    expect((await injectAs(app, u, 'GET', '/api/userproducts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await injectAs(app, u, 'GET', '/api/userproducts/not-a-payment')).statusCode).toBe(400);
  });

  it('renews a plan with auto-renewal on when its period ends, on the job’s schedule', async () => {
    const u = await signUpUser(app, db, 'pay-renew@example.com', 'Pay Renew');
    const s = (await checkout(u, { subscriptionId: 'plan-standard-monthly' })).json() as CheckoutSessionView;
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    const first = (await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView;
    expect(first).toMatchObject({ plan: 'STANDARD', role: 'pro-user', status: 'active' });
    expect((await injectAs(app, u, 'GET', '/api/slot/me')).json()).toMatchObject({ planSlots: 1, total: 1 });
    clock.advance(32 * DAY);
    const plans = new SubscriptionsService({ db: db.db, repo: new SubscriptionsRepo(db.db), slots: new SlotsRepo(db.db), clock, publish: () => {} });
    expect((await plans.runDue()).renewed).toBe(1);
    const renewed = (await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json() as UserSubscriptionPlanView;
    expect(renewed).toMatchObject({ status: 'active', role: 'pro-user' });
    expect(new Date(renewed.endsAt!).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('keeps the spaces of a lapsed plan published for the 3-day grace period, then unpublishes them with a notification', async () => {
    const u = await signUpUser(app, db, 'pay-grace@example.com', 'Pay Grace');
    const s = (await checkout(u, { subscriptionId: 'plan-standard-monthly' })).json() as CheckoutSessionView;
    expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
    const created = await injectAs(app, u, 'POST', '/api/scene/metadata', { title: 'Grace Gallery', tags: ['art', 'museum', 'gallery'], description: '' });
    expect(created.statusCode, created.body).toBe(201);
    const sceneId = created.json().sceneId as string;
    const [slot] = (await injectAs(app, u, 'GET', '/api/slot/available')).json() as { slotId: string; kind: string }[];
    expect(slot!.kind).toBe('plan');
    const published = await injectAs(app, u, 'POST', `/api/sceneactions/${sceneId}/publish`, { slotId: slot!.slotId });
    expect(published.statusCode, published.body).toBe(200);
    await injectAs(app, u, 'POST', '/api/stripe/cancel/subscription');

    clock.advance(32 * DAY);
    const plans = new SubscriptionsService({ db: db.db, repo: new SubscriptionsRepo(db.db), slots: new SlotsRepo(db.db), clock, publish: () => {} });
    expect((await plans.runDue()).expired).toBe(1);
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ status: 'expired', role: 'free-user' });
    const slots = new SlotsService({ db: db.db, repo: new SlotsRepo(db.db), notifications: new NotificationsService(new NotificationsRepo(db.db)) });
    expect(await slots.expireDue(clock.now())).toBe(0);
    const during = (await injectAs(app, u, 'GET', '/api/slot/my')).json() as { slotId: string; active: boolean; expiresAt: string | null }[];
    const held = during.find((x) => x.slotId === slot!.slotId)!;
    expect(held.active).toBe(true);
    expect(Date.parse(held.expiresAt!) - clock.now().getTime()).toBeGreaterThan(2.9 * DAY);

    clock.advance(3 * DAY + 60_000);
    expect(await slots.expireDue(clock.now())).toBe(1);
    const after = (await injectAs(app, u, 'GET', '/api/slot/my')).json() as { slotId: string; active: boolean }[];
    expect(after.find((x) => x.slotId === slot!.slotId)?.active ?? false).toBe(false);
    const notes = (await injectAs(app, u, 'GET', '/api/notification/my')).json() as { items: { type: string }[] };
    expect(notes.items.some((x) => x.type === 'slotExpired')).toBe(true);
  });

  it('publishes Wallet and Subscription hub events when a payment is credited and a plan starts', async () => {
    expect(app.realtime).not.toBeNull();
    const seen: [string, string, unknown][] = [];
    const rt = app.realtime!;
    const original = rt.notify;
    rt.notify = (userId, topic, payload) => void seen.push([userId, topic, payload]);
    try {
      const u = await signUpUser(app, db, 'pay-hub@example.com', 'Pay Hub');
      const s = (await checkout(u, { oneTimeItemId: ['credits-100'], subscriptionId: 'plan-pro-monthly' })).json() as CheckoutSessionView;
      expect(s.amountMinor).toBe(1000 + 2900);
      expect((await pay(u, s, '4242424242424242')).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toContainEqual([u.id, 'Wallet', { availableBalance: 100 }]);
      expect(seen.some(([id, topic, p]) => id === u.id && topic === 'Subscription' && (p as UserSubscriptionPlanView).role === 'premium-user')).toBe(true);
    } finally {
      rt.notify = original;
    }
  });

  it('refunds only the unspent credits of a payment and never makes a balance negative', async () => {
    const u = await signUpUser(app, db, 'pay-refund@example.com', 'Pay Refund');
    const s = await open600(u);
    await pay(u, s, '4242424242424242');
    const levels = { totalCoin: 550, transactionItems: [{ itemId: 'extra-level', quantity: 11 }] };
    expect((await injectAs(app, u, 'POST', '/api/internaltransaction', levels, { 'idempotency-key': `refund-spend-${Date.now()}` })).statusCode).toBe(201);
    const service = paymentsForCli(db.db, { payments: { provider: 'builtin', webhookSecret: SECRET }, publicUrl: 'http://localhost' });
    const [payment] = await service.paymentsOf(u.id);
    const r = await service.refund(payment!.id);
    expect(r).toMatchObject({ refundedCoin: 50, refundedMinor: 500, availableBalance: 0 });
    const history = (await injectAs(app, u, 'GET', '/api/userproducts')).json();
    expect(history).toEqual([
      expect.objectContaining({ paymentId: payment!.id, description: '600 credits', amountMinor: 6000, currency: 'eur', coinAmount: 600, refundedCoin: 50, refundedMinor: 500 }),
    ]);
    expect((await injectAs(app, null, 'GET', '/api/userproducts')).statusCode).toBe(401);
    expect(await balance(u)).toBe(0);
    await expect(service.refund(payment!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(service.refund('00000000-0000-7000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ledgerCheck()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });
  it('keeps the last card from each card payment (brand, last 4, expiry; never a declined one) and puts its last 4 on the receipt', async () => {
    const u = await signUpUser(app, db, 'pay-card@example.com', 'Pay Card');
    const lastCard = async () => (await injectAs(app, u, 'GET', '/api/getuserslastcarddetails')).json().card as Record<string, unknown> | null;
    expect(await lastCard()).toBeNull();
    expect((await injectAs(app, null, 'GET', '/api/getuserslastcarddetails')).statusCode).toBe(401);
    expect((await pay(u, await open600(u), '4242 4242 4242 4242', { expiry: '11/41' })).statusCode).toBe(200);
    expect(await lastCard()).toMatchObject({ provider: 'builtin', brand: 'visa', last4: '4242', expMonth: 11, expYear: 2041 });
    const [first] = (await injectAs(app, u, 'GET', '/api/userproducts')).json() as { paymentId: string; cardLast4: string | null }[];
    expect(first!.cardLast4).toBe('4242');
    expect((await injectAs(app, u, 'GET', `/api/userproducts/${first!.paymentId}`)).json()).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    // A declined card is not kept; a card confirmed after the extra step is.
    const next = await open600(u);
    expect((await pay(u, next, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect(await lastCard()).toMatchObject({ last4: '4242' });
    expect((await pay(u, next, '5555 5555 5555 4444', { expiry: '03/39' })).statusCode).toBe(200);
    expect(await lastCard()).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2039 });
    const third = await open600(u);
    expect((await pay(u, third, '4000 0025 0000 3155', { expiry: '10/42' })).json()).toMatchObject({ status: 'requires_action' });
    expect(await lastCard()).toMatchObject({ last4: '4444' });
    await injectAs(app, u, 'POST', `/api/payments/builtin/sessions/${third.sessionId}/confirm`, { clientSecret: third.clientSecret });
    expect(await lastCard()).toMatchObject({ brand: 'visa', last4: '3155', expMonth: 10, expYear: 2042 });
  });

  it('updates the plan’s payment method through a setup checkout that charges nothing; refuses without a plan or for someone else', async () => {
    const u = await signUpUser(app, db, 'pay-method@example.com', 'Pay Method');
    const other = await signUpUser(app, db, 'pay-method-other@example.com', 'Pay Other');
    const update = (who: User | null) => injectAs(app, who, 'POST', '/api/stripe/updatepaymentmethod/subscription');
    expect((await update(null)).statusCode).toBe(401);
    const none = await update(u);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(msg.payments.noSubscription);
    const plan = (await checkout(u, { subscriptionId: 'plan-standard-monthly' })).json() as CheckoutSessionView;
    expect((await pay(u, plan, '4242424242424242')).statusCode).toBe(200);
    const paymentsBefore = ((await injectAs(app, u, 'GET', '/api/userproducts')).json() as unknown[]).length;

    const res = await update(u);
    expect(res.statusCode, res.body).toBe(201);
    const setup = res.json() as CheckoutSessionView;
    expect(setup).toMatchObject({ provider: 'builtin', publishableKey: null });
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${setup.sessionId}`)).json()).toMatchObject({
      status: 'open',
      mode: 'setup',
      amountMinor: 0,
      coinAmount: 0,
      lines: [],
    });
    // Someone else can neither save a card into it nor read it.
    expect((await pay(other, setup, '4242424242424242')).statusCode).toBe(404);
    expect((await pay(u, setup, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await injectAs(app, u, 'GET', '/api/getuserslastcarddetails')).json().card).toMatchObject({ last4: '4242' });
    expect((await pay(u, setup, '5555 5555 5555 4444', { expiry: '08/38' })).json()).toEqual({ status: 'succeeded', sessionId: setup.sessionId });
    expect((await injectAs(app, u, 'GET', '/api/getuserslastcarddetails')).json().card).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2038 });
    expect((await injectAs(app, u, 'GET', `/api/stripe/session-status?sessionId=${setup.sessionId}`)).json()).toMatchObject({
      status: 'complete',
      paymentStatus: 'no_payment_required',
    });
    // Nothing was charged or credited, the plan is as it was, and the session cannot be used again.
    expect(((await injectAs(app, u, 'GET', '/api/userproducts')).json() as unknown[]).length).toBe(paymentsBefore);
    expect(await balance(u)).toBe(0);
    expect((await injectAs(app, u, 'GET', '/api/externaltransaction/usersubscription')).json()).toMatchObject({ plan: 'STANDARD', status: 'active' });
    expect((await pay(u, setup, '4242424242424242')).statusCode).toBe(409);
    expect(await ledgerCheck()).toMatchObject({ unbalanced: 0, walletMismatches: 0, negativeWallets: 0 });
  });
});
