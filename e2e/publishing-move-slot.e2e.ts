import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { apiCaller, signIn } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { payByApi, publishIntoTrialSlot } from './support/purchases.ts';

// Issue 19: "unpublish and move-to-another-slot from the UI (the API exists)". A creator publishes
// into the free trial slot, takes a plan, then moves the live space into the Plan slot from the
// editor's Publish & Share step; the space stays published, the trial slot frees up. (Unpublish is
// in rough-edges.e2e.ts.)

let app: RunningApp;
const PASSWORD = 'move-slot-pass-42';
const EMAIL = 'mona.mover@example.org';
const call = apiCaller(() => app.baseURL);
const SLOW = { timeout: 60_000 };
const poll = <T>(fn: () => Promise<T> | T, message?: string) => expect.poll(fn, { timeout: 30_000, interval: 200, message });
interface Slot { slotId: string; kind: string; sceneId: string | null; expired: boolean; active: boolean }

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('moving a published space to another slot (browser)', () => {
  it('moves the live space from the Free slot into a Plan slot from Publish & Share', async () => {
    const tok = (await tokenOverHttp(app.baseURL, { email: EMAIL, password: PASSWORD, signUpName: 'Mona Mover' })).access_token;
    // Published into the free account's trial slot first ...
    const sceneId = await publishIntoTrialSlot(call, tok, { title: 'Moving harbour', description: 'Boats that change berth', tags: ['harbour', 'boats', 'slots'] });
    // ... then a plan, paid through the built-in card API (the checkout's own tests cover the browser
    // flow), brings a Plan slot to move it to.
    await payByApi(call, tok, { subscriptionId: 'plan-standard-monthly' }, '4242424242424242');
    await poll(async () => (await call<Slot[]>(tok, 'GET', '/api/slot/available')).some((s) => s.kind === 'plan'), 'the plan’s slot').toBe(true);

    const page = await newPage({ width: 1280, height: 860 });
    await signIn(page, EMAIL, PASSWORD, { origin: app.baseURL, goto: `/editor/${sceneId}` });
    await page.getByTestId('editor').waitFor({ timeout: 240_000 });
    await poll(() => page.getByTestId('space-state').innerText()).toMatch(/published/i);

    await page.getByTestId('step-publish').click();
    const manage = page.getByTestId('published-actions');
    await manage.getByText('Published in your Free slot', { exact: false }).waitFor(SLOW);
    const move = manage.getByRole('button', { name: 'Move', exact: true });
    expect(await move.isDisabled()).toBe(true); // nothing chosen yet
    const picker = manage.getByLabel('Move to another slot');
    await poll(() => picker.isEnabled(), 'a free slot to move to').toBe(true);
    await picker.click();
    await page.getByRole('option', { name: /^Plan slot/ }).first().click();
    await poll(() => move.isEnabled()).toBe(true);
    await snap(page, 'publishing-move-slot-chosen');
    await move.click();

    // The server has the space in the Plan slot and the trial slot empty; the step says so.
    await poll(async () => {
      const mine = await call<Slot[]>(tok, 'GET', '/api/slot/my');
      return { now: mine.find((s) => s.sceneId === sceneId)?.kind ?? null, trial: mine.find((s) => s.kind === 'trial')?.sceneId ?? null };
    }, 'moved on the server').toEqual({ now: 'plan', trial: null });
    await page.getByText('The space moved to the new slot.').waitFor(SLOW);
    await manage.getByText('Published in your Plan slot', { exact: false }).waitFor(SLOW);
    expect((await call<{ state: string }>(tok, 'GET', `/api/scene/metadata/${sceneId}`)).state).toBe('Published');
    expect(await page.getByTestId('space-state').innerText()).toMatch(/published/i);
    await snap(page, 'publishing-move-slot-moved');
  }, 420_000);
});
