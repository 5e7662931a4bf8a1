import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTemplates } from '@atrium/assets';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { newPage, snap } from './support/harness.ts';
import { signedInOn, startDistrictHost, type DistrictHost } from './support/districtHost.ts';
import { apiCaller } from './support/accounts.ts';

// Spaces → Hosting Requests, Promoted, Promotion Requests, Promotion Settings through the browser on
// a district's subdomain (issue 16): a visitor asks the district to host her space, a Creator asks it
// to promote his, and the Owner accepts both; the hosted space joins Published, the promoted one shows
// on the home and in Promoted, and the requester hears of the answer.

const PASSWORD = 'district-pass-42';
let host: DistrictHost;
let base: string;
let sql: DistrictHost['sql'];
const call = apiCaller(() => base);
const at = (sub: string) => host.at(sub);

describe('district hosting and promotion requests (browser)', () => {
  beforeAll(async () => {
    host = await startDistrictHost();
    ({ base, sql } = host);
  }, 180_000);
  afterAll(() => host?.close());

  const signedIn = (sub: string, email: string, path?: string) => signedInOn(host, sub, email, PASSWORD, path);
  const account = async (email: string, name: string) => {
    const token = (await tokenOverHttp(base, { email, password: PASSWORD, signUpName: name })).access_token;
    return { token, id: (await call<{ userId: string }>(token, 'GET', '/api/user/my')).userId };
  };
  const publishedSpace = async (ownerId: string, title: string) =>
    (
      await sql.query(`insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
        values (gen_random_uuid(), $1, $1, $2, 'Published', true, true, '{}'::jsonb, '{}'::jsonb, now()) returning id`, [ownerId, title])
    ).rows[0].id as string;

  it('the Owner accepts a hosting request and a promotion request; both show where they should', async () => {
    await account('wanda@example.org', 'Wanda Wharf');
    await sql.query(`update accounts set role = 'premium-user' where email = 'wanda@example.org'`);
    const ownerToken = (await tokenOverHttp(base, { email: 'wanda@example.org', password: PASSWORD })).access_token;
    const rosa = await account('rosa@example.org', 'Rosa Rowe');
    const cal = await account('cal@example.org', 'Cal Crane');
    const wharf = await call<{ districtId: string; userId: string }>(ownerToken, 'POST', '/api/districts', {
      title: 'Wharf',
      subdomain: 'wharf',
      freeSpaceTemplateId: listTemplates()[0]!.spaceTemplateId,
    });
    await call(ownerToken, 'PATCH', `/api/district/${wharf.districtId}`, { styles: { themeColor: '#8a3ffc' } });
    await sql.query(`insert into district_members (district_id, user_id, role, allocated_slots) values ($1, $2, 'Creator', 1)`, [wharf.districtId, cal.id]);
    // Cal's space sits in one of the district's slots; Rosa's is her own, outside any district.
    const calSpace = await publishedSpace(cal.id, 'Crane Deck');
    await sql.query(`insert into slots (id, owner_id, kind, scene_id, district_id) values (gen_random_uuid(), $1, 'district', $2, $3)`, [wharf.userId, calSpace, wharf.districtId]);
    await publishedSpace(rosa.id, 'Rowe Lantern Hall');

    // Rosa asks the district, in the browser, to host her space, and sees her request waiting.
    const visitor = await signedIn('wharf', 'rosa@example.org', '/spaces/hosting-requests');
    await visitor.getByTestId('ask-hosting-space').click();
    await visitor.getByRole('option', { name: 'Rowe Lantern Hall' }).click();
    await visitor.getByRole('button', { name: 'Send request' }).click();
    const mine = visitor.getByTestId('my-district-requests');
    await mine.getByText('Rowe Lantern Hall').waitFor();
    await mine.getByTestId('request-status').getByText('Waiting').waitFor();
    await snap(visitor, 'district-requests-visitor');
    // Cal asks for his space to be promoted (through the same route the page uses).
    await call(cal.token, 'POST', `/api/district/${wharf.districtId}/requests/promotion`, { sceneId: calSpace });

    // The Owner answers both on the district's pages.
    const owner = await signedIn('wharf', 'wanda@example.org', '/spaces/hosting-requests');
    const hosting = owner.getByTestId('district-requests');
    await hosting.getByText('Rowe Lantern Hall').waitFor();
    await hosting.getByText('Asked by Rosa Rowe', { exact: false }).waitFor();
    await snap(owner, 'district-requests-hosting');
    await hosting.getByRole('button', { name: 'Accept' }).click();
    await owner.getByTestId('district-empty').getByText('No hosting requests are waiting.').waitFor();
    await owner.getByTestId('request-lists').getByText('Accepted').click();
    await owner.getByTestId('district-requests').getByText('Rowe Lantern Hall').waitFor();
    await owner.getByRole('link', { name: 'Published' }).click();
    await owner.waitForURL(`${at('wharf')}/spaces/published`);
    await owner.getByTestId('district-home').getByText('Rowe Lantern Hall', { exact: true }).waitFor();

    await owner.getByRole('link', { name: 'Promotion Requests' }).click();
    await owner.waitForURL(`${at('wharf')}/spaces/promotion-requests`);
    const promotion = owner.getByTestId('district-requests');
    await promotion.getByText('Crane Deck').waitFor();
    await snap(owner, 'district-requests-promotion');
    await promotion.getByRole('button', { name: 'Accept' }).click();
    await owner.getByTestId('district-empty').getByText('No promotion requests are waiting.').waitFor();
    await owner.getByRole('link', { name: 'Promoted', exact: true }).click();
    await owner.waitForURL(`${at('wharf')}/spaces/promoted`);
    await owner.getByTestId('district-home').getByText('Crane Deck', { exact: true }).waitFor();

    // The home shows the promoted space to a signed-out visitor; Promotion Settings can hide the section.
    const anonymous = await newPage();
    await anonymous.goto(`${at('wharf')}/`);
    await anonymous.getByTestId('district-promoted-home').getByText('Crane Deck').waitFor();
    await snap(anonymous, 'district-requests-home-promoted');
    await owner.getByRole('link', { name: 'Promotion Settings' }).click();
    await owner.waitForURL(`${at('wharf')}/spaces/promotion-settings`);
    const settings = owner.getByTestId('promotion-settings');
    await settings.getByLabel('Promoted spaces on the district home').fill('0');
    const [saved] = await Promise.all([
      owner.waitForResponse((r) => r.url().endsWith('/promotion-settings') && r.request().method() === 'PATCH'),
      settings.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    await owner.getByText('Promotion settings saved').waitFor();
    await snap(owner, 'district-requests-settings');
    await anonymous.reload();
    await anonymous.getByTestId('district-title').waitFor();
    await anonymous.getByTestId('district-home').getByText('Rowe Lantern Hall', { exact: true }).waitFor();
    expect(await anonymous.getByTestId('district-promoted-home').count()).toBe(0);

    // Both requesters were told, and Rosa's page now says her request was accepted.
    const told = async (token: string) =>
      (await call<{ items: { type: string; text: string }[] }>(token, 'GET', '/api/notification/my')).items.filter((n) => n.type === 'districtRequestAnswered').map((n) => n.text);
    expect(await told(rosa.token)).toEqual(['The district Wharf now hosts "Rowe Lantern Hall"']);
    expect(await told(cal.token)).toEqual(['The district Wharf now promotes "Crane Deck"']);
    await visitor.reload();
    await visitor.getByTestId('my-district-requests').getByTestId('request-status').getByText('Accepted').waitFor();
  }, 300_000);
});
