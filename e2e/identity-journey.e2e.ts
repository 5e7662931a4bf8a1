import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { signUp, signUpWithForm } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';

// The whole identity journey through the browser on the built-in provider:
// sign up → sign in → edit profile with a picture → own and another profile → follow → followers list
// → settings → delete account.

let app: RunningApp;
let picture: string;
const HOSTILE_BIO = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> & friends`;

describe('identity journey (browser, built-in provider)', () => {
  beforeAll(async () => {
    app = await startApp();
    picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pic-')), 'me.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3DABFF' } })
      .png()
      .toFile(picture);
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('signs up, edits, follows, changes settings and deletes the account', async () => {
    const alice = await newPage({ baseURL: app.baseURL });
    // The provider's sign-in page uses the Atrium look.
    await alice.goto('/login?redirect=/settings');
    await alice.waitForURL(/\/auth\/interaction\//);
    await expect(alice.getByRole('heading', { name: 'Welcome back' }).isVisible()).resolves.toBe(true);
    await snap(alice, 'identity-signin-page');
    // Wrong password for an unknown account: the same neutral message as a wrong password.
    await alice.getByLabel('Email').fill('nobody@example.org');
    await alice.getByLabel('Password').fill('wrong-password');
    await alice.getByRole('button', { name: 'Sign in' }).click();
    await alice.getByText(msg.user.invalidCredentials).waitFor();

    const aliceId = await signUpWithForm(alice, 'Alice Liddell', 'alice@example.org', 'wonderland-42');
    // Header signed-in state: Create Space and the avatar drawer.
    await alice.getByRole('link', { name: 'Create Space' }).waitFor();
    await alice.getByTestId('avatar-button').filter({ visible: true }).click();
    for (const item of [
      'Profile',
      'Spaces',
      'Districts',
      'My Library',
      'Connections',
      'Activity',
      'Wallet',
      'Settings',
      'Log Out',
    ]) {
      await alice.getByRole('dialog').getByText(item, { exact: true }).waitFor();
    }
    await transitionsDone(alice); // the drawer has finished sliding in
    await snap(alice, 'identity-drawer');
    await alice.keyboard.press('Escape');

    // Sections filled by later issues show their real empty state.
    await alice.getByText(msg.noSpacesFound).waitFor();

    // Edit profile: fields, a hostile bio, and a cropped picture.
    await alice.getByRole('button', { name: 'Edit info' }).click();
    const modal = alice.getByRole('dialog', { name: 'Edit profile' });
    await modal.getByLabel('Website').fill('not a url');
    await modal.getByLabel('Instagram').fill('https://facebook.com/alice');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText(msg.user.socialUrl('Instagram')).waitFor();
    await modal.getByText(msg.user.invalidUrl).waitFor();
    await modal.getByLabel('Website').fill('https://alice.example.org');
    await modal.getByLabel('Instagram').fill('https://instagram.com/alice');
    await modal.getByLabel('Bio').fill(HOSTILE_BIO);
    await modal.getByLabel('City').fill('Oxford');
    const chooser = alice.waitForEvent('filechooser');
    await modal.getByTestId('choose-picture').click();
    await (await chooser).setFiles(picture);
    const crop = alice.getByRole('dialog', { name: 'Crop picture' });
    await crop.waitFor();
    await snap(alice, 'identity-cropper');
    await crop.getByRole('button', { name: 'Apply' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect(alice.getByTestId('profile-bio').textContent()).resolves.toBe(HOSTILE_BIO);
    expect(await alice.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const avatarSrc = await alice.getByTestId('profile-avatar').locator('img').getAttribute('src');
    expect(avatarSrc).toMatch(new RegExp(`/api/user/${aliceId}/picture\\?v=`));
    const img = await fetch(`${app.baseURL}${avatarSrc}`);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    // Cover photo: upload, then reposition.
    await alice.getByRole('button', { name: 'Edit cover' }).click();
    const coverChooser = alice.waitForEvent('filechooser');
    await alice.getByRole('menuitem', { name: 'Upload cover' }).click();
    await (await coverChooser).setFiles(picture);
    await expect
      .poll(() => alice.getByTestId('profile-cover').evaluate((el) => getComputedStyle(el).backgroundImage))
      .toContain(`/api/user/${aliceId}/cover?v=`);
    await alice.getByRole('button', { name: 'Edit cover' }).click();
    await alice.getByRole('menuitem', { name: 'Reposition' }).click();
    await alice.getByRole('slider', { name: 'Reposition' }).focus();
    await alice.keyboard.press('Home');
    await alice.getByRole('button', { name: 'Save position' }).click();
    await expect
      .poll(() =>
        alice.getByTestId('profile-cover').evaluate((el) => getComputedStyle(el).backgroundPositionY),
      )
      .toBe('0%');
    await alice.evaluate(() => window.scrollTo(0, 0));
    await snap(alice, 'identity-own-profile');

    // Bob signs up in his own browser context, visits Alice and follows her.
    const bob = await newPage({ baseURL: app.baseURL });
    const bobId = await signUp(bob, 'Bob Builder', 'bob@example.org', 'can-we-fix-it');
    await expect(bob.getByRole('button', { name: 'Follow' }).count()).resolves.toBe(0); // not on one's own profile
    await bob.goto(`/user/${aliceId}`);
    await bob.getByTestId('profile-name').filter({ hasText: 'Alice Liddell' }).waitFor();
    await expect(bob.getByRole('button', { name: 'Edit info' }).count()).resolves.toBe(0);
    await bob.getByRole('button', { name: 'Follow' }).click();
    await bob.getByRole('button', { name: 'Unfollow' }).waitFor();
    await expect(bob.getByTestId('followers-count').textContent()).resolves.toBe('1');
    await snap(bob, 'identity-other-profile');

    // Alice sees Bob in her followers list.
    await alice.goto(`/user/${aliceId}/connections/followers`);
    await alice.getByTestId('user-card').filter({ hasText: 'Bob Builder' }).waitFor();
    await snap(alice, 'identity-followers');

    // Settings: hide Alice from search; the API enforces it.
    await alice.goto('/settings');
    const searchable = alice.getByTestId('setting-searchable');
    await searchable.waitFor();
    expect(await searchable.isChecked()).toBe(true);
    // A new library is private, and the page says so (issue 13).
    expect(await alice.getByTestId('setting-showContentLibrary').isChecked()).toBe(false);
    await alice.getByText('Off by default: your uploads stay private.', { exact: false }).waitFor();
    await searchable.click({ force: true });
    await alice.getByText('Settings saved').waitFor();
    await alice.reload();
    await alice.getByTestId('setting-searchable').waitFor();
    expect(await alice.getByTestId('setting-searchable').isChecked()).toBe(false);
    await snap(alice, 'identity-settings');
    const found = (await (await fetch(`${app.baseURL}/api/user/search?q=Alice`)).json()) as {
      userId: string;
    }[];
    expect(found.map((u) => u.userId)).not.toContain(aliceId);
    const bobFound = (await (await fetch(`${app.baseURL}/api/user/search?q=Bob`)).json()) as {
      userId: string;
    }[];
    expect(bobFound.map((u) => u.userId)).toContain(bobId);

    // Delete the account: wrong password first, then the right one.
    await alice.goto(`/user/${aliceId}`);
    await alice.getByRole('button', { name: 'Profile management' }).click();
    const manage = alice.getByRole('dialog', { name: 'Profile management' });
    await manage.getByTestId('delete-password').fill('not-my-password');
    await manage.getByRole('button', { name: 'Delete my account' }).click();
    await manage.getByText(msg.user.incorrectPassword).waitFor();
    await manage.getByTestId('delete-password').fill('wonderland-42');
    await manage.getByRole('button', { name: 'Delete my account' }).click();
    await alice.waitForURL(`${app.baseURL}/`);
    await alice.getByRole('link', { name: 'Log In' }).first().waitFor();
    await snap(alice, 'identity-after-delete');

    // Her profile is gone for Bob, and his following count dropped back.
    const gone = await fetch(`${app.baseURL}/api/user/${aliceId}`);
    expect(gone.status).toBe(404);
    const bobNow = (await (await fetch(`${app.baseURL}/api/user/${bobId}`)).json()) as {
      numOfFollowing: number;
    };
    expect(bobNow.numOfFollowing).toBe(0);
    expect(fs.existsSync(path.join(app.dataDir, 'files', 'users', aliceId))).toBe(false);
    expect(alice.errors.filter((e) => !/401|404|Failed to load resource/.test(e))).toEqual([]);
  });
});
