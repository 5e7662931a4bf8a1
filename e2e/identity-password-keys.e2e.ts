import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// Issue 13 item 16: personal API keys end with a password change, and the pages say so beforehand.

let app: RunningApp;

describe('password change and personal API keys (browser)', () => {
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('tells the person that a password change revokes their API keys, and it does', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    const id = await signUp(page, 'Carol Keys', 'carol@example.org', 'old-password-1');
    const asKey = (key: string) =>
      fetch(`${app.baseURL}/api/user/my`, { headers: { authorization: `Bearer ${key}` } }).then(
        (r) => r.status,
      );

    await page.goto('/settings');
    await page.getByText(/Changing your password revokes every key/).waitFor();
    await page.getByLabel('Key name').fill('backup script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(await asKey(key)).toBe(200);

    await page.goto(`/user/${id}`);
    await page.getByRole('button', { name: 'Profile management' }).click();
    const manage = page.getByRole('dialog', { name: 'Profile management' });
    const note = manage.getByTestId('change-password-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/signs you out everywhere and revokes your personal API keys/);
    await snap(page, 'identity-change-password-note');
    await manage.getByLabel('Current password', { exact: true }).fill('old-password-1');
    await manage.getByLabel('New password', { exact: true }).fill('new-password-22');
    await manage.getByRole('button', { name: 'Change password' }).click();
    // Every session ends: the app hands over to the sign-in page, and the key no longer works.
    await page.waitForURL(/\/auth\/interaction\//);
    expect(await asKey(key)).toBe(401);
  });
});
