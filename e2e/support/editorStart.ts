import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signUp } from './accounts.ts';

/** The editor session the page exposes to automated browsers (only what these helpers read). */
interface EditorWindow { __atriumEditor?: { history: { document: { customSpace?: { levels: unknown[] } | null } } } }

/**
 * A new user's way into the editor: signed up (over HTTP: the form has tests of its own) → Create
 * (/curate) → the editor, ready; autosave off (these tests save by hand) and the first premade space loaded.
 */
export async function signUpIntoEditor(page: Page, user: { name: string; email: string; password: string }): Promise<void> {
  const poll = <T>(fn: () => Promise<T>, message: string, timeout = 60_000) => expect.poll(fn, { timeout, interval: 200, message });
  await signUp(page, user.name, user.email, user.password, { goto: '/curate' });
  // SwiftShader compiles every shader on the CPU: the first editor frame takes a while.
  await page.getByTestId('editor').waitFor({ timeout: 150_000 });
  await poll(() => page.evaluate(() => Boolean((window as unknown as EditorWindow).__atriumEditor)), 'editor ready', 150_000).toBe(true);
  // The switch is disabled until the user record arrives; check/uncheck read its state before waiting.
  await poll(() => page.getByTestId('autosave-toggle').isEnabled(), 'autosave switch ready').toBe(true);
  await page.getByTestId('autosave-toggle').uncheck();
  await page.getByTestId('template-list').getByRole('button').first().click();
  await poll(() => page.evaluate(() => (window as unknown as EditorWindow).__atriumEditor!.history.document.customSpace?.levels.length ?? 0), 'template loaded').toBeGreaterThan(0);
}
