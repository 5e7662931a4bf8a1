import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { apiCaller, signIn } from './support/accounts.ts';
import { openPublishWizard } from './support/publishWizard.ts';

// The publish wizard's photo gallery and group access lists through the browser: a Pro owner adds,
// reorders and removes gallery photos, makes the space private to a group saved from the people
// picker, and publishes; a group member sees the gallery in the viewer's Space info, an outsider
// gets the access-denied page until the owner adds them to the group.

type P = Awaited<ReturnType<typeof newPage>>;
let app: RunningApp;
const PASSWORD = 'gallery-pass-42';

const call = apiCaller(() => app.baseURL);

/** Signed in over HTTP (no form: this file is not about the sign-in page), on the own profile. */
async function signInBrowser(page: P, email: string) {
  await signIn(page, email, PASSWORD, { origin: app.baseURL, goto: '/user' });
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/);
}

const png = (background: string) => sharp({ create: { width: 320, height: 200, channels: 3, background } }).png().toBuffer();

describe('publish wizard gallery and group access (browser)', () => {
  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('publishes a gallery and a group-only space; members see it, outsiders only once added', async () => {
    const ownerToken = (await tokenOverHttp(app.baseURL, { email: 'gina@example.org', password: PASSWORD, signUpName: 'Gina Gallery' })).access_token;
    const moToken = (await tokenOverHttp(app.baseURL, { email: 'mo@example.org', password: PASSWORD, signUpName: 'Mo Member' })).access_token;
    // The profile (and so the people search) exists once the user has loaded it.
    await call(moToken, 'GET', '/api/user/my');
    const ottoToken = (await tokenOverHttp(app.baseURL, { email: 'otto@example.org', password: PASSWORD, signUpName: 'Otto Outsider' })).access_token;
    const otto = await call<{ userId: string }>(ottoToken, 'GET', '/api/user/my');
    // Gina is a Pro user (access lists need Standard or Pro).
    await app.sql!.query(`update accounts set role = 'premium-user' where email = 'gina@example.org'`);
    await app.sql!.query(`update users set role = 'premium-user' where subject = (select id::text from accounts where email = 'gina@example.org')`);

    const owner = await newPage({ baseURL: app.baseURL });
    await signInBrowser(owner, 'gina@example.org');
    const { sceneId } = await call<{ sceneId: string }>(ownerToken, 'POST', '/api/scene/metadata', {
      title: 'Salt Flats Photo Hall',
      description: 'Prints from the salt flats',
      tags: ['photo', 'salt', 'desert'],
    });
    const wizard = await openPublishWizard(owner, sceneId);

    // Gallery: three photos, a GIF refused with the stated message, the third moved first, the second removed.
    const input = wizard.getByTestId('gallery-input').locator('input[type=file]');
    await input.setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await png('#d03030') },
      { name: 'green.png', mimeType: 'image/png', buffer: await png('#30a040') },
      { name: 'blue.png', mimeType: 'image/png', buffer: await png('#3050d0') },
    ]);
    await expect.poll(() => wizard.getByTestId('gallery-item').count()).toBe(3);
    await input.setInputFiles([{ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await wizard.getByText(msg.user.pictureType('.jpg .jpeg .png .webp')).waitFor();
    await wizard.getByTestId('gallery-item').nth(2).getByRole('button', { name: 'Move earlier' }).click();
    await wizard.getByTestId('gallery-item').nth(1).getByRole('button', { name: 'Move earlier' }).click();
    await wizard.getByTestId('gallery-item').nth(2).getByRole('button', { name: 'Remove photo' }).click();
    await expect.poll(() => wizard.getByTestId('gallery-item').count()).toBe(2);
    await snap(owner, 'publishing-wizard-gallery');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio').first().check();
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Privacy: private, only a group saved from the people picker (Mo), Mo's own entry removed again.
    await wizard.getByRole('radio', { name: /Private/ }).check();
    await wizard.getByRole('switch', { name: 'Only these visitors' }).check();
    await wizard.getByPlaceholder('Search people by name').fill('Mo Member');
    await wizard.getByRole('button', { name: 'Mo Member' }).click();
    await wizard.getByPlaceholder('Group name').fill('Salt friends');
    await wizard.getByRole('button', { name: 'Create group' }).click();
    await wizard.getByRole('checkbox', { name: 'Salt friends (1)' }).waitFor();
    await expect(wizard.getByRole('checkbox', { name: 'Salt friends (1)' }).isChecked()).resolves.toBe(true);
    await wizard.getByRole('button', { name: 'Delete Mo Member' }).click();
    await snap(owner, 'publishing-wizard-groups');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Publish', exact: true }).click();
    await wizard.getByText(msg.publishing.published).waitFor();

    const lists = await call<{ userPrivacyACL: string[]; groupPrivacyACL: string[]; privacyACLEnabled: boolean }>(ownerToken, 'GET', `/api/sceneaccess/${sceneId}`);
    expect(lists).toMatchObject({ privacyACLEnabled: true, userPrivacyACL: [] });
    expect(lists.groupPrivacyACL).toHaveLength(1);
    const meta = await call<{ photoGallery: string[] }>(ownerToken, 'GET', `/api/scene/metadata/${sceneId}`);
    expect(meta.photoGallery).toHaveLength(2);
    // Blue (moved first) then red: the first stored photo is blue.
    const first = await sharp(Buffer.from(await (await fetch(`${app.baseURL}${meta.photoGallery[0]}`, { headers: { authorization: `Bearer ${ownerToken}` } })).arrayBuffer()))
      .stats();
    expect(first.channels[2]!.mean).toBeGreaterThan(first.channels[0]!.mean);

    // Mo (in the group) opens the space and sees the gallery in Space info.
    const mo = await newPage({ baseURL: app.baseURL });
    await signInBrowser(mo, 'mo@example.org');
    await mo.goto(`/viewer/${sceneId}`);
    await mo.getByRole('button', { name: 'Space info', exact: true }).last().click({ timeout: 180_000 });
    const shown = mo.getByTestId('info-gallery');
    await shown.waitFor();
    await shown.getByRole('img', { name: 'Photo 1 of 2' }).waitFor();
    await shown.getByRole('button', { name: 'Next photo' }).click();
    await shown.getByRole('img', { name: 'Photo 2 of 2' }).waitFor();
    await expect.poll(() => shown.getByRole('img', { name: 'Photo 2 of 2' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await snap(mo, 'viewer-info-gallery');
    // SwiftShader is slow on a shared machine: only one 3D viewer at a time.
    await mo.close();
    await owner.close();

    // Otto is refused until Gina adds him to the group.
    const outsider = await newPage({ baseURL: app.baseURL });
    await signInBrowser(outsider, 'otto@example.org');
    await outsider.goto(`/viewer/${sceneId}`);
    await outsider.getByText(msg.spaceAccessDeniedTitle).waitFor({ timeout: 60_000 });
    await call(ownerToken, 'POST', `/api/group/${lists.groupPrivacyACL[0]}/members`, { userIds: [otto.userId] });
    await outsider.goto(`/viewer/${sceneId}`);
    await outsider.getByRole('button', { name: 'Space info', exact: true }).last().click({ timeout: 180_000 });
    await outsider.getByTestId('info-gallery').waitFor();
    expect(await outsider.getByText(msg.spaceAccessDeniedTitle).count()).toBe(0);

    // Otto's profile lists the group he is now in; Gina's profile shows it to him as one of hers.
    await outsider.goto(`/user/${otto.userId}/connections/groups`);
    const inGroups = outsider.getByTestId('profile-groups');
    await inGroups.getByText('Groups you are in').waitFor();
    await inGroups.getByTestId('profile-group').filter({ hasText: 'Salt friends' }).getByText('2 members').waitFor();
    await snap(outsider, 'profile-groups');
    const gina = await call<{ userId: string }>(ownerToken, 'GET', '/api/user/my');
    await outsider.goto(`/user/${gina.userId}/connections/groups`);
    await outsider.getByTestId('profile-group').filter({ hasText: 'Salt friends' }).waitFor();
    expect(await outsider.getByText('Groups you are in').count()).toBe(0);

    // Gina invites Otto into another group of hers: the notification leads to his Connections →
    // Groups, where he accepts, and the group joins those he is in.
    const dune = await call<{ groupId: string }>(ownerToken, 'POST', '/api/group', { title: 'Dune readers' });
    await call(ownerToken, 'POST', `/api/group/${dune.groupId}/invite`, { userIds: [otto.userId] });
    await outsider.goto('/');
    await outsider.getByTestId('notifications-bell').click();
    await outsider.getByTestId('notification-item').filter({ hasText: 'Dune readers' }).getByRole('link').click();
    await outsider.waitForURL(`**/user/${otto.userId}/connections/groups`);
    const invitations = outsider.getByTestId('my-group-invitations');
    await invitations.getByText('Gina Gallery invites you to Dune readers').waitFor();
    await snap(outsider, 'profile-group-invitation');
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await invitations.waitFor({ state: 'detached' });
    await outsider.getByTestId('profile-group').filter({ hasText: 'Dune readers' }).getByText('1 member', { exact: true }).waitFor();
    await snap(outsider, 'profile-group-accepted');
    expect((await call<{ status: string }[]>(ottoToken, 'GET', '/api/group/invitations')).length).toBe(0);
  }, 720_000);
});
