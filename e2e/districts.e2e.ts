import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTemplates } from '@atrium/assets';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { newPage, snap } from './support/harness.ts';
import { mailTo, signInAt, startDistrictHost, type DistrictHost } from './support/districtHost.ts';
import { apiCaller } from './support/accounts.ts';

// Districts through the browser on their own subdomains ({sub}.localhost, which Chromium resolves to
// loopback with no set-up): a public district's home in its theme colour, a private one's
// "Hold Up, Explorer" page, an unknown subdomain, Explore's Districts tab, and signing in on a
// district through the session the owner already has on the public host (no second password).

const PASSWORD = 'district-pass-42';
let host: DistrictHost;
let base: string;
let sql: DistrictHost['sql'];
let server: DistrictHost['server'];
const call = apiCaller(() => base);
const at = (sub: string) => host.at(sub);

describe('districts on their subdomains (browser)', () => {
  beforeAll(async () => {
    host = await startDistrictHost();
    ({ base, sql, server } = host);
  }, 180_000);
  afterAll(() => host?.close());

  it('shows a district home in its theme, the no-access page, an unknown subdomain and the Explore list; sign-in carries over', async () => {
    await call((await tokenOverHttp(base, { email: 'dora@example.org', password: PASSWORD, signUpName: 'Dora District' })).access_token, 'GET', '/api/user/my');
    // Dora is a Pro user: districts need the Pro plan.
    await sql.query(`update accounts set role = 'premium-user' where email = 'dora@example.org'`);
    await sql.query(`update users set role = 'premium-user' where subject = (select id::text from accounts where email = 'dora@example.org')`);
    // The role travels in the token: sign in again to carry it.
    const ownerToken = (await tokenOverHttp(base, { email: 'dora@example.org', password: PASSWORD })).access_token;
    const template = listTemplates()[0]!.spaceTemplateId;
    const harbor = await call<{ districtId: string }>(ownerToken, 'POST', '/api/districts', { title: 'Harbor Lights', subdomain: 'harbor', freeSpaceTemplateId: template });
    await call(ownerToken, 'PATCH', `/api/district/${harbor.districtId}`, { subtitle: 'Boats and lanterns', styles: { themeColor: '#aa3300', textColor: '#ffffff' } });
    await call(ownerToken, 'POST', '/api/districts', { title: 'The Vault', subdomain: 'vault', public: 'false', freeSpaceTemplateId: template });

    // A visitor on the public district's subdomain sees its page in its theme colour.
    const visitor = await newPage();
    await visitor.goto(`${at('harbor')}/`);
    await visitor.getByTestId('district-title').getByText('Harbor Lights').waitFor().catch(async (err: unknown) => {
      await snap(visitor, 'district-home-lost');
      throw new Error(`visitor at ${visitor.url()}: ${(await visitor.locator('body').innerText()).slice(0, 500)} ${String(err)}`);
    });
    await visitor.getByText('Boats and lanterns').waitFor();
    const band = await visitor.getByTestId('district-title').evaluate((el) => getComputedStyle(el.closest('[data-testid=district-home] > div')!).backgroundColor);
    expect(band).toBe('rgb(170, 51, 0)');
    await snap(visitor, 'district-home');

    // The private district: "Hold Up, Explorer".
    await visitor.goto(`${at('vault')}/`);
    await visitor.getByTestId('district-no-access').waitFor();
    await visitor.getByText(msg.districts.noAccessTitle).waitFor();
    await visitor.getByText(msg.districts.noAccessText).waitFor();
    await snap(visitor, 'district-no-access');

    // A subdomain no district holds.
    const missing = await visitor.goto(`${at('nowhere')}/`);
    expect(missing?.status()).toBe(404);
    await visitor.getByText(msg.districts.noSuchDistrict('nowhere')).waitFor();

    // Explore's Districts tab lists the public district only, and searches by title.
    await visitor.goto(`${base}/explore`);
    await visitor.getByRole('tab', { name: 'Districts' }).click();
    const list = visitor.getByTestId('district-list');
    await list.getByText('Harbor Lights').waitFor();
    expect(await list.getByText('The Vault').count()).toBe(0);
    await visitor.getByLabel('Search districts').fill('no such title');
    await visitor.getByText(msg.social.noDistricts).waitFor();
    await visitor.getByLabel('Search districts').fill('harbor');
    await expect.poll(() => list.getByTestId('district-card').count()).toBe(1);
    expect(await list.getByRole('link', { name: 'Visit Harbor Lights' }).getAttribute('href')).toBe(`${at('harbor')}/`);

    // Dora signs in on the public host, then opens her private district: one click on Sign in there
    // goes through the provider's existing session (no password) and back to the district as Owner.
    const owner = await newPage();
    await signInAt(owner, `${base}/user`, 'dora@example.org', PASSWORD);
    await owner.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    await owner.goto(`${at('vault')}/`);
    await owner.getByTestId('district-no-access').waitFor();
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${at('vault')}/`);
    await owner.getByTestId('district-title').getByText('The Vault').waitFor();
    await owner.getByText('Owner').waitFor();
    expect(await owner.getByLabel('Password').count()).toBe(0);
    await snap(owner, 'district-owner-signed-in');
  }, 240_000);

  it('the owner invites by email from Members; the invitee signs up from the mailed link, accepts and is a Creator', async () => {
    const owner = await newPage();
    await signInAt(owner, `${base}/user`, 'dora@example.org', PASSWORD);
    await owner.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    // On the district's own host the owner signs in through the same provider session.
    await owner.goto(`${at('vault')}/members/invitations`);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${at('vault')}/members/invitations`);
    await owner.getByLabel('Email address').fill('ines@example.org');
    await owner.getByLabel('Role', { exact: true }).first().click();
    await owner.getByRole('option', { name: 'Creator' }).click();
    await owner.getByRole('button', { name: 'Invite' }).click();
    await owner.getByText('Invitation sent to ines@example.org').waitFor();
    await owner.getByTestId('district-invitations').getByText('ines@example.org').waitFor();

    // The mail in the outbox (.eml, quoted-printable) carries the district's accept link.
    await expect.poll(() => mailTo(server, 'ines@example.org') !== undefined).toBe(true);
    const body = mailTo(server, 'ines@example.org')!;
    const link = /http:\/\/vault\.localhost:\d+\/invitation\/\S+/.exec(body)![0];

    // Ines has no account: she creates one from the link and comes back to it on the district host.
    const ines = await newPage();
    await ines.goto(link);
    await ines.getByTestId('district-invitation').waitFor();
    await ines.getByRole('button', { name: 'Create an account' }).click();
    await ines.waitForURL(/\/auth\/interaction\//);
    await ines.getByLabel('Name').fill('Ines Invitee');
    await ines.getByLabel('Email').fill('ines@example.org');
    await ines.getByLabel('Password').fill(PASSWORD);
    await ines.getByRole('button', { name: 'Create account' }).click();
    await ines.waitForURL((u) => u.href.startsWith(`${at('vault')}/invitation/`)).catch(async (err: unknown) => {
      await snap(ines, 'district-invitee-lost');
      throw new Error(`invitee at ${ines.url()}: ${String(err)}`);
    });
    await ines.getByRole('button', { name: 'Accept invitation' }).click();
    await ines.waitForURL(`${at('vault')}/`);
    await ines.getByTestId('district-title').getByText('The Vault').waitFor();
    await ines.getByText('Creator').waitFor();
    // The link works once.
    await ines.goto(link);
    await ines.getByRole('button', { name: 'Accept invitation' }).click();
    await ines.getByText(msg.districts.invitationUsed).waitFor();

    // The owner sees her as a Creator in All members.
    await owner.goto(`${at('vault')}/members/all`);
    const row = owner.getByTestId('district-members').getByRole('row', { name: /Ines Invitee/ });
    await row.waitFor();
    expect(await row.getByLabel('Role', { exact: true }).first().inputValue()).toBe('Creator');
    await snap(owner, 'district-members');

    // Settings → Appearance: a new theme colour shows on the district's home.
    await owner.goto(`${at('vault')}/district-settings`);
    await owner.getByLabel('Theme color').fill('#123456');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Settings saved').waitFor();
    await owner.goto(`${at('vault')}/`);
    await owner.getByTestId('district-title').getByText('The Vault').waitFor();
    const band = await owner.getByTestId('district-title').evaluate((el) => getComputedStyle(el.closest('[data-testid=district-home] > div')!).backgroundColor);
    expect(band).toBe('rgb(18, 52, 86)');
  }, 240_000);
});
