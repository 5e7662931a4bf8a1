import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { newPage, snap } from './support/harness.ts';
import { mailTo, orExplain, signInAt as signInWith, startDistrictHost, type DistrictHost } from './support/districtHost.ts';
import { apiCaller } from './support/accounts.ts';
import { CARD_YEAR } from './support/purchases.ts';

// Issue 16's Done-when, through the browser: a Standard user runs the district setup wizard, picks
// Pro yearly and the 600-credit bundle, pays with the built-in provider and lands on {sub}.localhost
// in the chosen theme; invites a second person by email, who accepts from the mail in the outbox,
// becomes a Creator and publishes a space into a district slot the Owner allocated; a third person
// sees "Hold Up, Explorer" once the district turns private.

const PASSWORD = 'wizard-pass-42';
let host: DistrictHost;
let base: string;
let port: number;
let sql: DistrictHost['sql'];
let server: DistrictHost['server'];
const call = apiCaller(() => base);
const at = (sub: string) => host.at(sub);
type Page = Awaited<ReturnType<typeof newPage>>;

const signInAt = (page: Page, url: string, email: string) => signInWith(page, url, email, PASSWORD);


describe('district setup wizard, paid by card, and publishing into a district slot (browser)', () => {
  beforeAll(async () => {
    host = await startDistrictHost();
    ({ base, port, sql, server } = host);
  }, 180_000);
  afterAll(() => host?.close());

  it('Standard user → wizard → Pro yearly + 600 credits by card → themed district; Creator publishes into an allocated slot; private → Hold Up, Explorer', async () => {
    // Wendy is a Standard user (operator-set role, no card plan yet).
    await call((await tokenOverHttp(base, { email: 'wendy@example.org', password: PASSWORD, signUpName: 'Wendy Wizard' })).access_token, 'GET', '/api/user/my');
    await sql.query(`update accounts set role = 'pro-user' where email = 'wendy@example.org'`);
    await sql.query(`update users set role = 'pro-user' where subject = (select id::text from accounts where email = 'wendy@example.org')`);

    const owner = await newPage();
    await signInAt(owner, `${base}/user`, 'wendy@example.org');
    await owner.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    await owner.goto(`${base}/explore`);
    await owner.getByRole('tab', { name: 'Districts' }).click();
    await owner.getByRole('link', { name: 'Create a district' }).click();
    const wizard = owner.getByRole('dialog');
    await wizard.getByLabel('District title').waitFor();

    // General: a taken-free subdomain, checked live; the chosen theme colour.
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText(msg.required).first().waitFor();
    await wizard.getByLabel('District title').fill('Lantern Quarter');
    await wizard.getByLabel('Subdomain').fill('www');
    await wizard.getByText(msg.districts.subdomainReserved('www')).waitFor();
    await wizard.getByLabel('Subdomain').fill('lantern');
    await wizard.getByText(`lantern.localhost:${port} is available`).waitFor();
    await wizard.getByLabel('Theme color').fill('#aa3300');
    await wizard.getByLabel('Theme color').press('Enter');
    await snap(owner, 'district-wizard-general');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Space slots: the 4 included ones and one added for 600 credits.
    await expect.poll(() => wizard.getByTestId('wizard-slot-included').count()).toBe(4);
    await wizard.getByRole('button', { name: 'Add a slot' }).click();
    await expect.poll(() => wizard.getByTestId('wizard-slot-added').count()).toBe(1);
    await snap(owner, 'district-wizard-slots');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Premade spaces: Next needs the free pick.
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText(msg.districts.selectFreeSpace).waitFor();
    await wizard.getByTestId('wizard-families').getByRole('button').first().click();
    await wizard.getByTestId('wizard-family').getByRole('radio').first().check();
    await wizard.getByTestId('wizard-family').getByText('Free', { exact: true }).waitFor();
    await snap(owner, 'district-wizard-premade');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Overview: 600 credits missing; submit is blocked with the §5 messages until a plan and a bundle are chosen.
    await expect.poll(() => wizard.getByTestId('wizard-missing').textContent()).toBe('600');
    await expect
      .poll(() => wizard.getByTestId('wizard-bundles').getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['600 credits', '1200 credits']);
    await wizard.getByRole('button', { name: 'Create district' }).click();
    await wizard.getByText(msg.districts.selectPlan).waitFor();
    await wizard.getByText(msg.marketplace.insufficientCredits).waitFor();
    await wizard.getByRole('radio', { name: 'Yearly' }).check({ force: true });
    await wizard.getByTestId('wizard-plans').getByRole('checkbox').check();
    await wizard.getByRole('button', { name: '600 credits' }).click();
    // €290 for Pro yearly and €60 for 600 credits.
    await expect.poll(() => wizard.getByTestId('wizard-total').textContent()).toBe('€350');
    await snap(owner, 'district-wizard-overview');
    await wizard.getByRole('button', { name: 'Pay and create district' }).click();

    // The built-in provider's card page, then back to the wizard, which creates and pays the district.
    await owner.waitForURL(/\/checkout\/[^/]+$/);
    await owner.getByLabel('Card number').fill('4242 4242 4242 4242');
    await owner.getByLabel('Expiry (MM/YY)').fill(`12${CARD_YEAR}`);
    await owner.getByLabel('CVC').fill('123');
    await owner.getByRole('button', { name: /^Pay €/ }).click();
    await owner.waitForURL(`${at('lantern')}/`, { timeout: 60_000 }).catch(orExplain(owner, 'district-wizard-lost'));
    await owner.getByTestId('district-title').getByText('Lantern Quarter').waitFor();
    const band = await owner.getByTestId('district-title').evaluate((el) => getComputedStyle(el.closest('[data-testid=district-home] > div')!).backgroundColor);
    expect(band).toBe('rgb(170, 51, 0)');
    await snap(owner, 'district-wizard-landed');
    const wendy = (await tokenOverHttp(base, { email: 'wendy@example.org', password: PASSWORD })).access_token;
    expect(await call(wendy, 'GET', '/api/wallet')).toEqual({ availableBalance: 0 });
    expect(await call(wendy, 'GET', '/api/externaltransaction/usersubscription')).toMatchObject({ plan: 'PRO', interval: 'yearly', role: 'premium-user' });
    const { districtId } = await call<{ districtId: string }>(null, 'GET', '/api/district/info?subdomain=lantern');
    expect(await call<unknown[]>(wendy, 'GET', `/api/district/${districtId}/slots`)).toHaveLength(5);

    // The Owner signs in on the district's host (one click: the provider session carries over, no
    // password) and invites Cora as a Creator.
    await owner.getByRole('button', { name: 'Log In' }).or(owner.getByRole('link', { name: 'Log In' })).first().click();
    await owner.waitForURL((u) => u.origin === at('lantern') && !u.pathname.startsWith('/auth'));
    // Signed in as the Owner there: the header's Upgrade button shows only then (the Log In button
    // going away is not enough: it is also gone while the page is still loading).
    await owner.getByTestId('district-upgrade').waitFor().catch(orExplain(owner, 'district-wizard-owner-signed-in'));
    await owner.goto(`${at('lantern')}/members/invitations`);
    await owner.getByLabel('Email address').fill('cora@example.org').catch(orExplain(owner, 'district-wizard-members'));
    await owner.getByLabel('Role', { exact: true }).first().click();
    await owner.getByRole('option', { name: 'Creator' }).click();
    await owner.getByRole('button', { name: 'Invite' }).click();
    await owner.getByText('Invitation sent to cora@example.org').waitFor();

    // Cora opens the link in the mail, creates her account and accepts: a Creator.
    await expect.poll(() => mailTo(server, 'cora@example.org') !== undefined, { timeout: 20_000 }).toBe(true);
    const link = /http:\/\/lantern\.localhost:\d+\/invitation\/\S+/.exec(mailTo(server, 'cora@example.org')!)![0];
    const cora = await newPage();
    await cora.goto(link);
    await cora.getByTestId('district-invitation').waitFor();
    await cora.getByRole('button', { name: 'Create an account' }).click();
    await cora.waitForURL(/\/auth\/interaction\//);
    await cora.getByLabel('Name').fill('Cora Creator');
    await cora.getByLabel('Email').fill('cora@example.org');
    await cora.getByLabel('Password').fill(PASSWORD);
    await cora.getByRole('button', { name: 'Create account' }).click();
    await cora.waitForURL((u) => u.href.startsWith(`${at('lantern')}/invitation/`)).catch(orExplain(cora, 'district-wizard-invitee-lost'));
    await cora.getByRole('button', { name: 'Accept invitation' }).click();
    await cora.waitForURL(`${at('lantern')}/`);
    await cora.getByText('Creator').waitFor();

    // The Owner allocates her one district slot (Members → allocated spaces).
    await owner.goto(`${at('lantern')}/members/all`);
    const row = owner.getByTestId('district-members').getByRole('row', { name: /Cora Creator/ });
    await row.waitFor();
    await row.getByLabel('Allocated spaces').fill('1');
    await row.getByLabel('Allocated spaces').blur();
    const coraToken = (await tokenOverHttp(base, { email: 'cora@example.org', password: PASSWORD })).access_token;
    await expect.poll(async () => (await call<unknown[]>(coraToken, 'GET', '/api/slot/district')).length, { timeout: 20_000 }).toBe(5);

    // Cora builds a space and publishes it from the editor into the district slot.
    const { sceneId } = await call<{ sceneId: string }>(coraToken, 'POST', '/api/scene/metadata', {
      title: 'Lantern Workshop',
      description: 'Paper lanterns',
      tags: ['lantern', 'paper', 'light'],
    });
    await cora.goto(`${at('lantern')}/editor/${sceneId}`);
    await cora.getByTestId('editor').waitFor({ timeout: 150_000 });
    await cora.getByTestId('step-publish').click();
    await cora.getByTestId('open-publish-wizard').click();
    const publish = cora.getByRole('dialog');
    await publish.getByLabel('Title').waitFor();
    await publish.getByRole('button', { name: 'Next', exact: true }).click();
    await publish.getByTestId('district-slot-option').first().waitFor();
    await publish.getByRole('radio', { name: 'District slot in Lantern Quarter' }).first().check();
    await snap(cora, 'district-wizard-publish-slot');
    await publish.getByRole('button', { name: 'Next', exact: true }).click();
    await publish.getByRole('button', { name: 'Next', exact: true }).click();
    await publish.getByRole('button', { name: 'Next', exact: true }).click();
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await publish.getByText(msg.publishing.published).waitFor({ timeout: 60_000 }).catch(orExplain(cora, 'district-wizard-publish-failed'));
    const slots = await call<{ sceneId: string | null; publisherId: string | null }[]>(wendy, 'GET', `/api/district/${districtId}/slots`);
    expect(slots.filter((s) => s.sceneId === sceneId)).toHaveLength(1);
    // Her one allocated slot is used: nothing more to publish into.
    expect(await call<unknown[]>(coraToken, 'GET', '/api/slot/district')).toEqual([]);

    // The Owner turns the district private; a third person now sees "Hold Up, Explorer".
    await owner.goto(`${at('lantern')}/district-settings`);
    await owner.getByLabel('Public (anyone may visit; off: members only)').uncheck();
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Settings saved').waitFor();
    const third = await newPage();
    await third.goto(`${at('lantern')}/`);
    await third.getByTestId('district-no-access').waitFor();
    await third.getByText(msg.districts.noAccessTitle).waitFor();
    await third.getByText(msg.districts.noAccessText).waitFor();
    await snap(third, 'district-wizard-private');
  }, 600_000);

  it('the Owner’s Upgrade: edit mode from Space slots, a slot and a premade space bought by card, back on the district', async () => {
    // Uma is Pro with a district made through the API (free cart: the 4 included slots, gallery S as the free pick).
    await call((await tokenOverHttp(base, { email: 'uma@example.org', password: PASSWORD, signUpName: 'Uma Upgrader' })).access_token, 'GET', '/api/user/my');
    await sql.query(`update accounts set role = 'premium-user' where email = 'uma@example.org'`);
    await sql.query(`update users set role = 'premium-user' where subject = (select id::text from accounts where email = 'uma@example.org')`);
    const uma = (await tokenOverHttp(base, { email: 'uma@example.org', password: PASSWORD })).access_token;
    const res = await fetch(`${base}/api/districts/submission`, {
      method: 'POST',
      headers: { authorization: `Bearer ${uma}`, 'content-type': 'application/json', 'idempotency-key': 'e2e-harbor-create' },
      body: JSON.stringify({ title: 'Harbor Row', subdomain: 'harbor', freeSpaceTemplateId: 'gallery-s', totalCoin: 0 }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = (await res.json()) as { districtId: string };

    // Signed in on the district's host, the header's Upgrade opens the wizard at Space slots (no General step).
    const owner = await newPage();
    await signInAt(owner, `${at('harbor')}/district-setup`, 'uma@example.org');
    await owner.waitForURL(`${at('harbor')}/district-setup`);
    await owner.goto(`${at('harbor')}/`);
    await owner.getByTestId('district-upgrade').click();
    const wizard = owner.getByRole('dialog', { name: 'Upgrade Harbor Row' });
    await wizard.waitFor().catch(orExplain(owner, 'district-upgrade-open'));
    expect(await wizard.getByText('General', { exact: true }).count()).toBe(0);
    await expect.poll(() => wizard.getByTestId('wizard-slot-included').count()).toBe(4);
    await wizard.getByText('Your district has 4 slots. Add more for 600 credits each.').waitFor();
    await wizard.getByRole('button', { name: 'Add a slot' }).click();
    await expect.poll(() => wizard.getByTestId('wizard-slot-added').count()).toBe(1);
    await snap(owner, 'district-upgrade-slots');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Premade spaces: the free pick reads 'Free'; the medium gallery is bought (600 credits).
    await wizard.getByTestId('wizard-family').getByText('Free', { exact: true }).waitFor();
    await wizard.getByTestId('wizard-family').getByRole('checkbox', { name: /Medium/ }).check();
    await snap(owner, 'district-upgrade-premade');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Overview: 1,200 credits missing, covered by the 1,200-credit bundle; no plan picker (Pro already).
    await expect.poll(() => wizard.getByTestId('wizard-missing').textContent()).toBe('1200');
    expect(await wizard.getByTestId('wizard-plans').count()).toBe(0);
    await wizard.getByRole('button', { name: 'Upgrade district' }).click();
    await wizard.getByText(msg.marketplace.insufficientCredits).waitFor();
    await wizard.getByRole('button', { name: '1200 credits' }).click();
    await expect.poll(() => wizard.getByTestId('wizard-total').textContent()).toBe('€120');
    await snap(owner, 'district-upgrade-overview');
    await wizard.getByRole('button', { name: 'Pay and upgrade district' }).click();
    await owner.waitForURL(/\/checkout\/[^/]+$/);
    await owner.getByLabel('Card number').fill('4242 4242 4242 4242');
    await owner.getByLabel('Expiry (MM/YY)').fill(`12${CARD_YEAR}`);
    await owner.getByLabel('CVC').fill('123');
    await owner.getByRole('button', { name: /^Pay €/ }).click();
    await owner.waitForURL(`${at('harbor')}/`, { timeout: 60_000 }).catch(orExplain(owner, 'district-upgrade-lost'));
    await owner.getByTestId('district-title').getByText('Harbor Row').waitFor();

    // One slot and the medium gallery added, paid from the bundle; nothing left over.
    const has = await call<{ includedSlots: number; purchasedSlots: number; premadeSpaces: { spaceTemplateId: string; free: boolean }[] }>(
      uma,
      'GET',
      `/api/purchase/district/${made.districtId}`,
    );
    expect(has).toMatchObject({ includedSlots: 4, purchasedSlots: 1 });
    expect(has.premadeSpaces.map((p) => [p.spaceTemplateId, p.free])).toEqual([
      ['gallery-s', true],
      ['gallery-m', false],
    ]);
    expect(await call(uma, 'GET', '/api/wallet')).toEqual({ availableBalance: 0 });

    // Upgrading again: the bought slot and premade space now show as 'Purchased'.
    await owner.getByTestId('district-upgrade').click();
    await expect.poll(() => wizard.getByTestId('wizard-slot-purchased').count()).toBe(1);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByTestId('wizard-family').getByText('Purchased', { exact: true }).waitFor();
    await snap(owner, 'district-upgrade-again');
  }, 300_000);
});
