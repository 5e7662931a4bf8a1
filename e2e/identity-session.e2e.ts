import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, ROOT, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';

// Sign-in round trips through the browser: a protected page sends a signed-out visitor to sign in and
// back; Log Out (one question) ends the provider session; the signed-in header works on a phone-sized screen.

let app: RunningApp;

function cli(args: string[], dataDir: string) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/bin/atrium.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

describe('identity sessions (browser)', () => {
  beforeAll(async () => {
    // Operators create accounts with the admin CLI before the server starts (it holds the database).
    const dataDir = (await import('node:fs')).mkdtempSync(
      path.join((await import('node:os')).tmpdir(), 'atrium-e2e-'),
    );
    cli(
      [
        'users',
        'create',
        '--email',
        'pro@example.org',
        '--password',
        'pro-password-1',
        '--name',
        'Pat Pro',
        '--role',
        'premium-user',
      ],
      dataDir,
    );
    app = await startApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  const signInAt = async (page: Awaited<ReturnType<typeof newPage>>) => {
    await page.waitForURL(/\/auth\/interaction\//);
    await page.getByLabel('Email').fill('pro@example.org');
    await page.getByLabel('Password').fill('pro-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('sends a signed-out visitor of settings to sign in and back, and logs out', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await page.goto('/settings');
    await signInAt(page);
    await page.waitForURL(`${app.baseURL}/settings`);
    await page.getByTestId('setting-searchable').waitFor();
    // A personal API key: shown once, works as a bearer token for scripts, then revoked.
    await page.getByLabel('Key name').fill('backup script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^atr_/);
    const asScript = await fetch(`${app.baseURL}/api/user/my`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await asScript.json()) as { name: string }).name).toBe('Pat Pro');
    await snap(page, 'identity-settings-apikeys');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByTestId('api-key-row').waitFor({ state: 'detached' });
    expect(
      (await fetch(`${app.baseURL}/api/user/my`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(401);
    // The role from the token is exposed app-wide: the drawer shows its display name.
    await page.getByRole('button', { name: 'Open profile menu' }).filter({ visible: true }).click();
    await page.getByRole('dialog').getByText('PRO user').waitFor();
    // The access token is mirrored into a cookie for file GETs and WebSocket upgrades.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'atrium_at')?.value.split('.')).toHaveLength(3);
    await page.getByRole('dialog').getByText('Log Out', { exact: true }).click();
    // One question, in the app; the provider's own page then ends its session without asking again.
    const confirm = page.getByRole('dialog', { name: 'Log out' });
    await confirm.getByText('Do you want to log out of Atrium?').waitFor();
    await snap(page, 'identity-logout-page');
    await confirm.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL(`${app.baseURL}/`);
    await page.getByRole('link', { name: 'Log In' }).filter({ visible: true }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'atrium_at')).toBeUndefined();
    // The provider session is gone too: a protected page asks for the password again.
    await page.goto('/user');
    await page.waitForURL(/\/auth\/interaction\//);
  });

  it('shows the signed-in avatar and drawer on a phone-sized screen', async () => {
    const page = await newPage({ baseURL: app.baseURL, width: 390, height: 844 });
    await page.goto('/login?redirect=/user');
    await signInAt(page);
    await page.waitForURL(/\/user\/[0-9a-f-]{36}$/);
    await page.getByTestId('profile-name').waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Open profile menu' }).filter({ visible: true }).click();
    await page.getByRole('dialog').getByText('Settings', { exact: true }).waitFor();
    await transitionsDone(page);
    await snap(page, 'identity-mobile-drawer');
  });
});
