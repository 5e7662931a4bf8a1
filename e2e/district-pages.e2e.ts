import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTemplates } from '@atrium/assets';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { newPage, snap } from './support/harness.ts';
import { mailTo, signInAt as signInWith, signedInOn, startDistrictHost, type DistrictHost } from './support/districtHost.ts';
import { apiCaller } from './support/accounts.ts';

// A district's home through the browser on its subdomain: the Spaces / Library / Groups categories,
// the logo, the district's theme on every district page (not only the home), the header's district
// rules (no Explore; Upgrade for the Owner only), following the district, and moving it to a new
// subdomain from Settings.

const PASSWORD = 'district-pass-42';
let host: DistrictHost;
let base: string;
let sql: DistrictHost['sql'];
const call = apiCaller(() => base);
const at = (sub: string) => host.at(sub);

describe('district pages (browser)', () => {
  beforeAll(async () => {
    host = await startDistrictHost();
    ({ base, sql } = host);
  }, 180_000);
  afterAll(() => host?.close());

  const signedIn = (sub: string, email: string, path?: string) => signedInOn(host, sub, email, PASSWORD, path);
  const signInAt = (page: Awaited<ReturnType<typeof newPage>>, url: string, email: string) => signInWith(page, url, email, PASSWORD);

  it('shows the categories in the district theme on every page, follows, and keeps the header rules', async () => {
    await call((await tokenOverHttp(base, { email: 'quinn@example.org', password: PASSWORD, signUpName: 'Quinn Quay' })).access_token, 'GET', '/api/user/my');
    await sql.query(`update accounts set role = 'premium-user' where email = 'quinn@example.org'`);
    const ownerToken = (await tokenOverHttp(base, { email: 'quinn@example.org', password: PASSWORD })).access_token;
    const fanToken = (await tokenOverHttp(base, { email: 'fran@example.org', password: PASSWORD, signUpName: 'Fran Fan' })).access_token;
    const fanId = (await call<{ userId: string }>(fanToken, 'GET', '/api/user/my')).userId;
    const template = listTemplates()[0]!.spaceTemplateId;
    const quay = await call<{ districtId: string; userId: string }>(ownerToken, 'POST', '/api/districts', { title: 'Quay Side', subdomain: 'quay', freeSpaceTemplateId: template });
    await call(ownerToken, 'PATCH', `/api/district/${quay.districtId}`, { subtitle: 'Cranes and containers', styles: { themeColor: '#0a7d4f', buttonCorners: 'square' } });
    await call(ownerToken, 'POST', `/api/group/district/${quay.districtId}`, { title: 'Dock workers', description: 'Everyone on the quay' });
    // A space published into one of the district's slots, with a picture it uses (as publishing leaves them).
    const space = (
      await sql.query(`insert into scenes (id, owner_id, creator_id, title, state, visible, published_public, content, published_content, published_at)
        values (gen_random_uuid(), $1, $1, 'Container Gallery', 'Published', true, true, '{}'::jsonb, '{}'::jsonb, now()) returning id`, [quay.userId])
    ).rows[0].id as string;
    await sql.query(`insert into slots (id, owner_id, kind, scene_id, district_id) values (gen_random_uuid(), $1, 'district', $2, $3)`, [quay.userId, space, quay.districtId]);
    const asset = (await sql.query(`insert into assets (id, owner_id, kind, title) values (gen_random_uuid(), $1, 'picture', 'Crane at dusk') returning id`, [quay.userId])).rows[0].id;
    await sql.query(`insert into scene_assets (scene_id, asset_id) values ($1, $2)`, [space, asset]);
    // The logo, through the upload route.
    const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#f5b700' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const up = await fetch(`${base}/api/district/${quay.districtId}/image/photo`, { method: 'PUT', headers: { authorization: `Bearer ${ownerToken}` }, body: form });
    expect(up.status).toBe(204);

    // A signed-out visitor: Spaces > Published on the home, the logo, and no Explore link in the header.
    const visitor = await newPage();
    await visitor.goto(`${at('quay')}/`);
    await visitor.getByTestId('district-title').getByText('Quay Side').waitFor();
    await visitor.getByText('Container Gallery').waitFor();
    await expect.poll(() => visitor.getByTestId('district-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await visitor.locator('header').getByRole('link', { name: 'Explore' }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'Drafts' }).count()).toBe(0);
    await snap(visitor, 'district-pages-home');

    // Library > Images and Groups are their own pages, still in the district's theme.
    await visitor.getByRole('tab', { name: 'Library' }).click();
    await visitor.waitForURL(`${at('quay')}/library/images`);
    await visitor.getByTestId('district-library').getByText('Crane at dusk').waitFor();
    await visitor.getByRole('link', { name: 'Videos' }).click();
    await visitor.getByTestId('district-empty').waitFor();
    const rootVar = (name: string) => visitor.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
    expect(await rootVar('--mantine-primary-color-filled')).toBe('#0a7d4f');
    await snap(visitor, 'district-pages-library');
    await visitor.getByRole('tab', { name: 'Groups' }).click();
    await visitor.waitForURL(`${at('quay')}/groups`);
    await visitor.getByTestId('district-groups').getByText('Dock workers').waitFor();
    // The theme reaches pages that are not the home: the Owner's members page answers here with its refusal, in the theme.
    await visitor.goto(`${at('quay')}/members/all`);
    // chrome.ts loads lazily: on a busy machine the theme may take more than expect.poll's default second.
    await expect.poll(() => rootVar('--mantine-primary-color-filled'), { timeout: 15_000 }).toBe('#0a7d4f');
    expect(await rootVar('--mantine-radius-default')).toBe('0');
    // The public host keeps its own look and its full menu.
    await visitor.goto(`${base}/explore`);
    await visitor.locator('header').getByRole('link', { name: 'Explore' }).waitFor();
    expect(await rootVar('--mantine-primary-color-filled')).not.toBe('#0a7d4f');
    // Explore's card carries the logo.
    await visitor.getByRole('tab', { name: 'Districts' }).click();
    await visitor.getByTestId('district-card-logo').waitFor();

    // Fran signs in on the district and follows it; the count and the state survive a reload.
    const fan = await signedIn('quay', 'fran@example.org');
    await fan.getByTestId('district-title').getByText('Quay Side').waitFor();
    await fan.getByTestId('district-followers').getByText('0 followers').waitFor();
    expect(await fan.getByTestId('district-upgrade').count()).toBe(0);
    await fan.getByTestId('district-follow').getByText('Follow').click();
    await fan.getByTestId('district-follow').getByText('Following').waitFor();
    await fan.getByTestId('district-followers').getByText('1 follower').waitFor();
    await fan.reload();
    await fan.getByTestId('district-follow').getByText('Following').waitFor();
    await snap(fan, 'district-pages-following');
    // Her profile's Following districts page (on the public host, where she is signed in too) lists it.
    await fan.goto(`${base}/user/${fanId}/districts/following-districts`);
    await fan.getByTestId('profile-districts').getByRole('link', { name: 'Visit Quay Side' }).waitFor();
    await snap(fan, 'district-pages-profile-following');
    await fan.goto(`${at('quay')}/`);
    await fan.getByTestId('district-title').getByText('Quay Side').waitFor();

    // The Owner: Drafts among the Spaces, the upgrade option in the header, and Fran's follow in the bell.
    const owner = await signedIn('quay', 'quinn@example.org');
    await owner.getByTestId('district-upgrade').waitFor();
    expect(await owner.getByTestId('district-follow').count()).toBe(0);
    await owner.getByRole('link', { name: 'Drafts' }).click();
    await owner.waitForURL(`${at('quay')}/spaces/drafts`);
    await owner.getByText('You have no drafts to publish here yet.').waitFor();
    const notes = await call<{ items: { type: string; text: string }[] }>(ownerToken, 'GET', '/api/notification/my');
    expect(notes.items.filter((n) => n.type === 'districtFollow').map((n) => n.text)).toEqual(['Fran Fan started following your district Quay Side']);
    await snap(owner, 'district-pages-owner');
  }, 300_000);

  it('Settings → General: the Owner moves the district to a new subdomain, checked live, and carries on there', async () => {
    const ownerToken = (await tokenOverHttp(base, { email: 'quinn@example.org', password: PASSWORD })).access_token;
    const pier = await call<{ districtId: string }>(ownerToken, 'POST', '/api/districts', { title: 'Pier Nine', subdomain: 'pier', freeSpaceTemplateId: listTemplates()[0]!.spaceTemplateId });
    // An invitation mailed while it is still pier.localhost.
    await call(ownerToken, 'POST', `/api/district/${pier.districtId}/invite`, { email: 'ola@example.org', role: 'Guest' });
    await expect.poll(() => mailTo(host.server, 'ola@example.org') !== undefined, { timeout: 20_000 }).toBe(true);
    const mailed = /http:\/\/pier\.localhost:\d+\/invitation\/\S+/.exec(mailTo(host.server, 'ola@example.org')!)![0];
    const owner = await signedIn('pier', 'quinn@example.org', '/district-settings');
    const field = owner.getByLabel('Subdomain');
    await field.waitFor();
    expect(await field.inputValue()).toBe('pier');
    // Another district's name is taken; a reserved one breaks §5; a free one is confirmed live.
    await field.fill('quay');
    await owner.getByText(msg.districts.subdomainTaken).waitFor();
    await field.fill('www');
    await owner.getByText(msg.districts.subdomainReserved('www')).waitFor();
    await field.fill('pier-nine');
    await owner.getByText(`pier-nine.localhost:${host.port} is available`).waitFor();
    await snap(owner, 'district-settings-subdomain');
    await owner.getByRole('button', { name: 'Save' }).click();
    // On the new host, still signed in as its Owner, on the settings page.
    await owner.waitForURL(`${at('pier-nine')}/district-settings`, { timeout: 30_000 });
    await expect.poll(() => owner.getByLabel('Subdomain').inputValue(), { timeout: 20_000 }).toBe('pier-nine');
    expect(await call(null, 'GET', `/api/district/${pier.districtId}`)).toMatchObject({ subdomain: 'pier-nine' });
    // The old host names no district any more.
    const old = await owner.goto(`${at('pier')}/`);
    expect(old?.status()).toBe(404);
    await owner.getByText(msg.districts.noSuchDistrict('pier')).waitFor();
    // The mailed link still works: its old host sends it on to the district's new one.
    const invitee = await newPage();
    await invitee.goto(mailed);
    await invitee.waitForURL((u) => u.origin === at('pier-nine') && u.pathname.startsWith('/invitation/'));
    await invitee.getByTestId('district-invitation').waitFor();
  }, 180_000);

  it('Explore Districts: a signed-in visitor follows a district from its card, and the card remembers it', async () => {
    const ownerToken = (await tokenOverHttp(base, { email: 'quinn@example.org', password: PASSWORD })).access_token;
    const wharf = await call<{ districtId: string }>(ownerToken, 'POST', '/api/districts', { title: 'Wharf Lights', subdomain: 'wharf', freeSpaceTemplateId: listTemplates()[0]!.spaceTemplateId });
    const fan = await newPage();
    await signInAt(fan, `${base}/user`, 'fran@example.org');
    await fan.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    const card = async () => {
      await fan.goto(`${base}/explore`);
      await fan.getByRole('tab', { name: 'Districts' }).click();
      await fan.getByLabel('Search districts').fill('wharf');
      const c = fan.getByTestId('district-card').filter({ hasText: 'Wharf Lights' });
      await c.getByTestId('district-card-follow').waitFor();
      return c;
    };
    let c = await card();
    // The search (debounced) leaves this one card.
    await expect.poll(() => fan.getByTestId('district-card').count(), { timeout: 15_000 }).toBe(1);
    await c.getByRole('button', { name: 'Follow', exact: true }).click();
    await c.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await c.getByText('1 follower').waitFor();
    await snap(fan, 'district-explore-follow');
    // The list itself says so on the next visit.
    c = await card();
    await c.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(await call(null, 'GET', `/api/districtfollow/district/${wharf.districtId}/doesfollow`)).toMatchObject({ followers: 1 });
    const fanToken = (await tokenOverHttp(base, { email: 'fran@example.org', password: PASSWORD })).access_token;
    expect(await call(fanToken, 'GET', `/api/districtfollow/district/${wharf.districtId}/doesfollow`)).toMatchObject({ following: true });
    const notes = await call<{ items: { type: string; text: string }[] }>(ownerToken, 'GET', '/api/notification/my');
    expect(notes.items.filter((n) => n.type === 'districtFollow').map((n) => n.text)).toContain('Fran Fan started following your district Wharf Lights');
    // Unfollow from the card.
    await c.getByRole('button', { name: 'Following', exact: true }).click();
    await c.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await c.getByText('0 followers').waitFor();
  }, 180_000);
});
