import type { Page } from 'playwright-core';

/**
 * Creates an account through the built-in sign-in's "Create an account" form, the way a new user
 * does, and returns the new user's id from the profile page it lands on, once that page shows the
 * profile (so what a caller checks next is not the empty page before it loads).
 */
export async function signUp(
  page: Page,
  name: string,
  email: string,
  password: string,
  opts: { origin?: string; timeout?: number } = {},
): Promise<string> {
  const wait = opts.timeout ? { timeout: opts.timeout } : {};
  await page.goto(`${opts.origin ?? ''}/user`);
  await page.waitForURL(/\/auth\/interaction\//, wait);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Back through /authentication/callback to where sign-in began, then to the own profile.
  await page.waitForURL(/\/user\/[0-9a-f-]{36}$/, wait);
  await page.getByTestId('profile-name').waitFor(wait);
  return page.url().split('/user/')[1]!;
}

/** JSON calls to the app under test with an optional bearer token; a non-2xx answer throws with its body. */
export function apiCaller(baseURL: () => string) {
  return async function call<T>(
    token: string | null,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${baseURL()}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}
