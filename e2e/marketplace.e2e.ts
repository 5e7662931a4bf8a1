import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import type { Page } from 'playwright-core';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { apiCaller, signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';
import { openPublishWizard } from './support/publishWizard.ts';
import { pageFrames } from './support/settled.ts';
import { CARD_YEAR, payByApi, publishIntoTrialSlot as publishInto } from './support/purchases.ts';

// The marketplace through the browser on the built-in payment provider (no account anywhere):
// a signed-out visitor picks a credit bundle on /pricing, signs up on the way, is declined with
// 4000 0000 0000 0002 (nothing changes), pays with 4242 4242 4242 4242 and lands on /wallet with
// the credits; keeps the trial slot with them; a second bundle goes through the confirmation step
// of 4000 0025 0000 3155. A third moves Standard monthly up to Pro on /wallet after the prorated
// preview. Then, with the server's clock moved forward: a free user with a trial space buys 600
// credits on /pricing (a declined card first changes nothing), keeps the trial slot, and the space is
// still published 31 days later; another person subscribes to Pro yearly, has the PRO role and 4
// plan slots without signing in again, cancels, and loses both when the year is over.

let app: RunningApp;
const PASSWORD = 'market-pass-42';
const call = apiCaller(() => app.baseURL);
/** The machine runs other suites at the same time: allow the app's follow-up requests time to land. */
const SLOW = { timeout: 20_000 };
/** Sign-up, two checkouts and a purchase on a machine shared with other suites. */
const LONG = 300_000;

async function token(email: string) {
  return (await tokenOverHttp(app.baseURL, { email, password: PASSWORD })).access_token;
}

/** Publishes a new space into the person's trial slot; answers its id. */
const publishIntoTrialSlot = (tok: string, title: string) =>
  publishInto(call, tok, { title, description: 'A trial space', tags: ['trial', 'gallery', 'art'] });

async function trialSlot(tok: string) {
  const slots = await call<{ kind: string; expiresAt: string | null; expired: boolean; active: boolean; sceneId: string | null }[]>(tok, 'GET', '/api/slot/my');
  return slots.find((s) => s.kind === 'trial')!;
}

/** Moves this file's server clock forward (TEST_CLOCK) and runs the renewal and slot expiry jobs at the new time. */
function advanceClock(days: number) {
  return call<{ now: string; renewed: number; expired: number; slotsExpired: number }>(null, 'POST', '/api/test/clock', { advanceDays: days });
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(`12${CARD_YEAR}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay €/ }).click();
}

/** Both widths the brief asks for: desktop and a 390 px phone. */
async function snapBoth(page: Page, name: string) {
  await snap(page, `${name}-desktop`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone layout applied and drawn: the page sees the new width, and what it moved has settled.
  await page.waitForFunction(() => innerWidth === 390);
  await pageFrames(page);
  await transitionsDone(page);
  await snap(page, `${name}-mobile`);
  await page.setViewportSize(size);
}

describe('marketplace (browser, built-in payment provider)', () => {
  beforeAll(async () => {
    // Its own server: the last two tests move its clock a month and a year forward (TEST_CLOCK, a
    // test-only switch), which must not end the trials and plans of other files on a shared server.
    app = await startApp({ env: { TEST_CLOCK: 'true' } });
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('buys a bundle on /pricing after signing up, survives a decline, pays by card and keeps the trial slot', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/pricing');
    // Plans sorted by monthly price with the yearly saving; bundles sorted by credits.
    await page.getByTestId('plan-PRO').waitFor();
    expect(await page.getByTestId(/^plan-/).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'plan-FREE',
      'plan-STANDARD',
      'plan-PRO',
    ]);
    await expect(page.getByTestId('plan-PRO').getByText(/^Save \d+%$/).textContent()).resolves.toMatch(/Save 16%/);
    const units = await page.getByTestId('credit-bundle').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(units).toEqual(['100 credits', '300 credits', '600 credits', '1200 credits']);
    await page.locator('label', { hasText: /^Monthly$/ }).click();
    await page.getByTestId('plan-PRO').getByText('/month').waitFor();
    await snapBoth(page, 'marketplace-pricing');

    // Signed out: choosing signs up first, then checkout opens for the chosen bundle.
    await page.getByRole('button', { name: 'Select: 600 credits' }).click();
    await page.waitForURL(/\/auth\/interaction\//);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Bea Buyer');
    await page.getByLabel('Email').fill('market-bea@example.org');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    await page.getByTestId('checkout-summary').getByText('600 credits').waitFor();
    const bea = await token('market-bea@example.org');

    // Field checks before anything is sent.
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Pay €60' }).click();
    await page.getByText('Enter a valid card number').waitFor();
    await snapBoth(page, 'marketplace-checkout');

    // Declined: a clear message, nothing credited, the same session can be paid again.
    await payWith(page, '4000 0000 0000 0002');
    await page.getByTestId('checkout-error').getByText('declined').waitFor();
    await snap(page, 'marketplace-checkout-declined');
    expect(await call<{ availableBalance: number }>(bea, 'GET', '/api/wallet')).toEqual({ availableBalance: 0 });

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), SLOW).toBe('600');
    expect(await call<{ availableBalance: number }>(bea, 'GET', '/api/wallet')).toEqual({ availableBalance: 600 });
    await snapBoth(page, 'marketplace-wallet');

    // The home page's promise: the trial slot kept for 600 credits.
    const trial = page.getByTestId('trial-slot');
    await trial.getByRole('button', { name: 'Keep it for 600 credits' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await trial.getByText('You keep your trial slot for good.').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), SLOW).toBe('0');
    const slots = await call<{ kind: string; expiresAt: string | null }[]>(bea, 'GET', '/api/slot/my');
    expect(slots.find((s) => s.kind === 'trial')?.expiresAt).toBeNull();

    // A card that asks for confirmation: the step shows, confirming pays.
    await page.getByRole('button', { name: 'Select: 100 credits' }).click();
    await page.waitForURL(/\/checkout\//);
    await payWith(page, '4000 0025 0000 3155');
    const confirmStep = page.getByRole('dialog', { name: 'Confirm this payment' });
    await confirmStep.waitFor();
    await transitionsDone(page); // the modal's entry transition, so the screenshot shows it
    await snap(page, 'marketplace-checkout-confirm');
    await confirmStep.getByRole('button', { name: 'Confirm payment' }).click();
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), SLOW).toBe('100');
    // Two card payments in the history, newest first; the declined attempt is not one.
    await expect.poll(() => page.getByTestId('payment-row').count(), SLOW).toBe(2);
    await expect(page.getByTestId('payment-row').first().textContent()).resolves.toContain('€10');
    // The declined card's 402 is the only failed request.
    expect(failed).toEqual([expect.stringMatching(/^402 \/api\/payments\/builtin\/sessions\/[^/]+\/pay$/)]);
  }, LONG);

  it('upgrades Standard monthly to Pro monthly on /wallet after previewing the prorated amount due now', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Uma Upgrade', 'market-uma@example.org', PASSWORD);
    const tok = await token('market-uma@example.org');
    await payByApi(call, tok, { subscriptionId: 'plan-standard-monthly' }, '4242424242424242');
    await page.goto('/wallet');
    const plan = page.getByTestId('plan-panel');
    await expect.poll(() => plan.getByTestId('plan-name').textContent(), SLOW).toBe('Standard · Monthly');
    await plan.getByRole('button', { name: 'Upgrade to Pro · Monthly' }).click();
    const dialog = page.getByRole('dialog');
    // Just subscribed: nearly the whole month is left, so nearly the €17 difference is due.
    await dialog.getByTestId('upgrade-due').getByText(/^Due now: €1[67]/).waitFor(SLOW);
    await snapBoth(page, 'marketplace-upgrade-preview');
    await dialog.getByTestId('upgrade-confirm').click();
    await expect.poll(() => plan.getByTestId('plan-name').textContent(), SLOW).toBe('Pro · Monthly');
    await snap(page, 'marketplace-upgraded-desktop');
    const [receipt] = await call<{ description: string; amountMinor: number }[]>(tok, 'GET', '/api/userproducts');
    expect(receipt).toMatchObject({ description: 'Pro (monthly)' });
    expect(receipt!.amountMinor).toBeGreaterThan(1600);
  }, LONG);

  it('shows the insufficient-credits message with at most 3 covering bundles when a slot costs more than the wallet holds', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 390, height: 844 });
    await signUp(page, 'Nina Short', 'market-nina@example.org', PASSWORD);
    await page.goto('/wallet');
    const trial = page.getByTestId('trial-slot');
    await trial.getByTestId('insufficient-credits').getByText(msg.marketplace.insufficientCredits).waitFor();
    // 600 missing: 600 and 1200 credits cover it, 100 and 300 do not.
    const offered = await trial.getByTestId('credit-bundle').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(offered).toEqual(['600 credits', '1200 credits']);
    await snap(page, 'marketplace-insufficient-mobile');
  }, LONG);

  it('offers a slot for credits in the publish wizard when none is free, with the bundle picker when credits are short', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Sol Slotless', 'market-sol@example.org', PASSWORD);
    const sol = await token('market-sol@example.org');
    // The trial slot holds a first space; a second draft has nowhere to go.
    const tags = ['harbour', 'boats', 'quay'];
    const first = await call<{ sceneId: string }>(sol, 'POST', '/api/scene/metadata', { title: 'Harbour One', description: 'First', tags });
    const [slot] = await call<{ slotId: string }[]>(sol, 'GET', '/api/slot/available');
    await call(sol, 'POST', `/api/sceneactions/${first.sceneId}/publish`, { slotId: slot!.slotId });
    const second = await call<{ sceneId: string }>(sol, 'POST', '/api/scene/metadata', { title: 'Harbour Two', description: 'Second', tags });
    const wizard = await openPublishWizard(page, second.sceneId);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(msg.publishing.noAvailableSlot).first().waitFor();
    const offer = wizard.getByTestId('slot-purchase');
    await offer.getByText(msg.marketplace.insufficientCredits).waitFor();
    // The bundles arrive with their own query, after the message: wait for them, not just the text.
    await expect.poll(() => offer.getByTestId('credit-bundle').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), SLOW).toEqual([
      '600 credits',
      '1200 credits',
    ]);
    await expect(offer.getByRole('link', { name: 'See plans' }).getAttribute('href')).resolves.toBe('/pricing');
    await snap(page, 'marketplace-wizard-insufficient');
  }, LONG);
  it('updates the plan’s payment method on /wallet through the card page in setup mode, and the receipt names the card paid with', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Carla Card', 'market-carla@example.org', PASSWORD);
    const tok = await token('market-carla@example.org');
    await payByApi(call, tok, { subscriptionId: 'plan-standard-monthly' }, '4242424242424242');
    await page.goto('/wallet');
    const method = page.getByTestId('payment-method');
    await expect.poll(() => method.getByTestId('payment-card').textContent(), SLOW).toBe('Visa ending in 4242');
    await expect(method.getByTestId('payment-card-expiry').textContent()).resolves.toBe(`Expires 12/${CARD_YEAR}`);
    await method.scrollIntoViewIfNeeded();
    await snap(page, 'marketplace-wallet-payment-method-before');
    await method.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    await page.getByTestId('checkout-summary').getByText('Save a new card for your plan').waitFor();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill(`08${CARD_YEAR}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByTestId('checkout-error').getByText('declined').waitFor();
    await snap(page, 'marketplace-payment-method-setup');
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => method.getByTestId('payment-card').textContent(), SLOW).toBe('Mastercard ending in 4444');
    await expect(method.getByTestId('payment-card-expiry').textContent()).resolves.toBe(`Expires 08/${CARD_YEAR}`);
    // Saving a card charged nothing: still the one plan payment, whose receipt names the card it was paid with.
    await expect.poll(() => page.getByTestId('payment-row').count(), SLOW).toBe(1);
    await page.getByTestId('payment-row').first().getByTestId('receipt-link').click();
    await page.getByTestId('receipt-card').getByText('Card: Visa ending in 4242').waitFor();
    await snapBoth(page, 'marketplace-wallet-payment-method');
  }, LONG);

  it('sells a premium template in the editor’s picker: its price and Buy, the bundle picker when short, then Purchased', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    await signUp(page, 'Tess Template', 'market-tess@example.org', PASSWORD);
    const tok = await token('market-tess@example.org');
    try {
      await page.goto('/curate');
      const list = page.getByTestId('template-list');
      await list.waitFor({ timeout: 60_000 });
      // Standard templates are used as they are; premium ones show their price and Buy.
      await expect(list.getByTestId('template-price-museum-hall-m').textContent()).resolves.toBe('900 credits');
      await expect(list.getByTestId('template-museum-hall-m').count()).resolves.toBe(0);
      await expect(list.getByTestId('template-gallery-s').count()).resolves.toBe(1);
      await list.getByRole('button', { name: 'Buy Museum Hall · Medium for 900 credits' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('insufficient-credits').getByText(msg.marketplace.insufficientCredits).waitFor();
      const offered = await dialog.getByTestId('credit-bundle').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(offered).toEqual(['1200 credits']);
      await snap(page, 'marketplace-editor-premium-short');
      await page.keyboard.press('Escape');

      await payByApi(call, tok, { oneTimeItemId: ['credits-1200'] }, '4242424242424242');
      await page.reload();
      await list.getByTestId('template-buy-museum-hall-m').click();
      await dialog.getByText('Spend 900 credits on the premium space Museum Hall · Medium?', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await list.getByTestId('template-purchased-museum-hall-m').getByText('Purchased').waitFor(SLOW);
      await list.getByTestId('template-museum-hall-m').waitFor();
      await snap(page, 'marketplace-editor-premium-purchased');
      expect(await call<{ availableBalance: number }>(tok, 'GET', '/api/wallet')).toEqual({ availableBalance: 300 });
      expect((await call<{ purchased: { itemId: string }[] }>(tok, 'GET', '/api/marketplaceitem/my')).purchased).toEqual([
        { itemId: 'template-museum-hall-m', quantity: 1 },
      ]);
    } finally {
      // A rendering editor left open would starve the next test of CPU under SwiftShader.
      await page.close();
    }
  }, LONG);

  it('a free user with a trial space buys 600 credits on /pricing, keeps the trial slot, and the space stays published past the 30 days (clock advanced)', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Tia Trial', 'market-tia@example.org', PASSWORD);
    const tia = await token('market-tia@example.org');
    const kept = await publishIntoTrialSlot(tia, 'Tia Trial Gallery');
    // Someone else with a trial space who does not keep the slot: theirs ends after 30 days.
    const other = await newPage({ baseURL: app.baseURL });
    await signUp(other, 'Lars Lapse', 'market-lars@example.org', PASSWORD);
    const lars = await token('market-lars@example.org');
    const lapsing = await publishIntoTrialSlot(lars, 'Lars Trial Gallery');

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Select: 600 credits' }).click();
    await page.waitForURL(/\/checkout\/[^/]+$/);
    await page.getByTestId('checkout-summary').getByText('600 credits').waitFor();
    // A declined card changes nothing: no credits, the trial slot still ends after 30 days.
    await payWith(page, '4000 0000 0000 0002');
    await page.getByTestId('checkout-error').getByText('declined').waitFor();
    expect(await call<{ availableBalance: number }>(tia, 'GET', '/api/wallet')).toEqual({ availableBalance: 0 });
    expect(await call(tia, 'GET', '/api/userproducts')).toEqual([]);
    expect((await trialSlot(tia)).expiresAt).not.toBeNull();

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), SLOW).toBe('600');
    const trial = page.getByTestId('trial-slot');
    await trial.getByRole('button', { name: 'Keep it for 600 credits' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await trial.getByText('You keep your trial slot for good.').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), SLOW).toBe('0');

    // 31 days on, with the expiry job run at that time: the kept slot's space is still published,
    // the other trial space was unpublished.
    const moved = await advanceClock(31);
    expect(moved.slotsExpired).toBeGreaterThanOrEqual(1);
    expect(await trialSlot(tia)).toMatchObject({ expiresAt: null, expired: false, active: true, sceneId: kept });
    expect(await call<{ sceneId: string }>(null, 'GET', `/api/publishedscene/metadata/${kept}`)).toMatchObject({ sceneId: kept });
    expect(await trialSlot(lars)).toMatchObject({ expired: true, active: false });
    await expect(fetch(`${app.baseURL}/api/publishedscene/metadata/${lapsing}`).then((r) => r.status)).resolves.toBe(404);
    await page.reload();
    await page.getByTestId('trial-slot').getByText('You keep your trial slot for good.').waitFor();
    await snap(page, 'marketplace-trial-kept-after-30-days');
  }, LONG);

  it('subscribes to Pro yearly, has the PRO role and 4 plan slots without signing in again, cancels, and loses them at period end (clock advanced)', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Paula Pro', 'market-paula@example.org', PASSWORD);
    const roles = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
        return (JSON.parse(localStorage.getItem(key)!) as { profile: { roles?: string[] } }).profile.roles ?? [];
      });
    expect(await roles()).not.toContain('premium-user');
    await page.goto('/pricing');
    // Yearly is the default period for a free user (spec §4).
    await page.getByTestId('plan-PRO').getByText('/year').waitFor();
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByTestId('checkout-summary').getByText('€290').first().waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/wallet$/);
    const plan = page.getByTestId('plan-panel');
    // The checkout's webhook may land after the wallet first draws (a busy machine): the panel shows
    // the plan once its Subscription event arrives.
    await expect.poll(() => plan.getByTestId('plan-name').textContent(), SLOW).toBe('Pro · Yearly');
    await expect.poll(() => plan.getByTestId('plan-status').textContent(), SLOW).toBe('Active');
    await plan.getByTestId('plan-slots').getByText('4 publishing slots').waitFor(SLOW);
    // The token was renewed in place: the role is there without signing in again.
    await expect.poll(roles, SLOW).toContain('premium-user');
    await snapBoth(page, 'marketplace-wallet-pro');

    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => plan.getByTestId('plan-status').textContent(), SLOW).toBe('Canceled');
    await plan.getByText(/^Ends on /).waitFor(SLOW);
    await plan.getByRole('button', { name: 'Re-enable auto-renewal' }).waitFor(SLOW);
    const sub = await call<{ status: string; isCanceled: number }>(await token('market-paula@example.org'), 'GET', '/api/externaltransaction/usersubscription');
    expect(sub).toMatchObject({ status: 'canceled', isCanceled: 2 });
    // Until the period ends the plan and its slots stay.
    await plan.getByTestId('plan-slots').getByText('4 publishing slots').waitFor();
    const paula = await token('market-paula@example.org');
    expect((await call<{ kind: string }[]>(paula, 'GET', '/api/slot/my')).filter((s) => s.kind === 'plan')).toHaveLength(4);

    // A year and a day later the canceled plan has ended: no PRO role, no plan slots, and the page
    // (still open, signed in as before) learns it from the Subscription event.
    const moved = await advanceClock(366);
    expect(moved.expired).toBeGreaterThanOrEqual(1);
    await expect.poll(() => plan.getByTestId('plan-status').textContent(), SLOW).toBe('Expired');
    await expect.poll(roles, SLOW).not.toContain('premium-user');
    await expect(plan.getByTestId('plan-slots').count()).resolves.toBe(0);
    const after = await token('market-paula@example.org');
    expect(await call(after, 'GET', '/api/externaltransaction/usersubscription')).toMatchObject({ plan: 'PRO', status: 'expired', role: 'free-user' });
    expect((await call<{ kind: string }[]>(after, 'GET', '/api/slot/my')).filter((s) => s.kind === 'plan')).toHaveLength(0);
    await snap(page, 'marketplace-wallet-pro-ended-desktop');
  }, LONG);

});
