import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { closeBrowser, newPage, snap, startApp, transitionsDone, type RunningApp } from './support/harness.ts';
import { imagesInViewLoaded } from './support/settled.ts';
import { apiCaller, signUp as createAccount } from './support/accounts.ts';
import { openPublishWizard } from './support/publishWizard.ts';

// Publishing and Explore through the browser: seeded spaces on Explore, a published space found by
// search, social counts on its card after a second user likes, comments, replies and favourites it,
// the owner hiding it from the profile card, and a private space refusing an unlisted visitor.
// (The editor's Publish & Share step mounts the wizard separately; here publishing goes through the API.)

type P = Awaited<ReturnType<typeof newPage>>;
let app: RunningApp;
const PASSWORD = 'explore-pass-42';

const signUp = (page: P, name: string, email: string) => createAccount(page, name, email, PASSWORD);

const call = apiCaller(() => app.baseURL);

async function publishSpace(token: string, title: string, description: string, extra: object = {}) {
  const draft = await call<{ sceneId: string }>(token, 'POST', '/api/scene/metadata', { title, description, tags: ['lighthouse', 'coast', 'sea'] });
  const [slot] = await call<{ slotId: string }[]>(token, 'GET', '/api/slot/available');
  await call(token, 'POST', `/api/sceneactions/${draft.sceneId}/publish`, { slotId: slot!.slotId, ...extra });
  return draft.sceneId;
}

const cards = (page: P) => page.getByTestId('space-card');

describe('publishing and explore (browser)', () => {
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('lists seeded spaces, finds a new one by search, shows social counts, hides it and refuses private visits', async () => {
    const visitor = await newPage({ baseURL: app.baseURL });
    await visitor.goto('/explore');
    await cards(visitor).first().waitFor();
    // The demo spaces owned by the system user are on Explore.
    expect(await cards(visitor).count()).toBeGreaterThan(0);
    await visitor.getByText('Atrium Studio').first().waitFor();
    // The cards' pictures in view loaded and drawn, nothing still sliding in.
    await imagesInViewLoaded(visitor);
    await transitionsDone(visitor);
    await snap(visitor, 'publishing-explore');

    const owner = await newPage({ baseURL: app.baseURL });
    await signUp(owner, 'Olive Owner', 'olive.explore@example.org');
    const oliveToken = (await tokenOverHttp(app.baseURL, { email: 'olive.explore@example.org', password: PASSWORD })).access_token;
    // Olive publishes through the editor's Publish & Share step and the wizard.
    const { sceneId } = await call<{ sceneId: string }>(oliveToken, 'POST', '/api/scene/metadata', {
      title: 'Northern Lighthouse Keeper',
      description: 'A lantern room above a stormy coast',
      tags: ['lighthouse'],
    });
    const wizard = await openPublishWizard(owner, sceneId);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(msg.minTags(3)).waitFor();
    await wizard.getByTestId('tags-input').pressSequentially('coast,');
    await wizard.getByTestId('tags-input').pressSequentially('sea;');
    await wizard.getByTestId('tags-input').pressSequentially('COAST,');
    await wizard.getByText(msg.tagExists).waitFor();
    await wizard.getByTestId('tags-input').fill('');
    await snap(owner, 'publishing-wizard-info');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(msg.publishing.assignSlot).waitFor();
    await wizard.getByRole('radio').first().check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    // Free users see why the access lists are off.
    await wizard.getByText(msg.publishing.aclNeedsPlan).waitFor();
    // The step indicator marks the step on screen, filled like the steps done, not the one before it.
    const current = wizard.locator('[aria-current="step"]');
    await expect(current.textContent()).resolves.toContain('Privacy');
    const fill = (step: typeof current) => step.locator('.mantine-Stepper-stepIcon').evaluate((e) => getComputedStyle(e).backgroundColor);
    // Mantine fades the disc's background over 150 ms, so a busy machine can read it mid-fade.
    const doneFill = await fill(wizard.locator('.mantine-Stepper-step[data-completed]').first());
    await expect.poll(() => fill(current), { timeout: 5_000 }).toBe(doneFill);
    expect(await fill(current)).not.toBe(await fill(wizard.locator('.mantine-Stepper-step:not([data-completed]):not([data-progress])').first()));
    await snap(owner, 'publishing-wizard-privacy');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Publish', exact: true }).click();
    await wizard.getByText(msg.publishing.published).waitFor();
    await owner.keyboard.press('Escape');

    const bob = await newPage({ baseURL: app.baseURL });
    await signUp(bob, 'Bob Visitor', 'bob.explore@example.org');
    const bobToken = (await tokenOverHttp(app.baseURL, { email: 'bob.explore@example.org', password: PASSWORD })).access_token;
    await call(bobToken, 'POST', `/api/scenelike/scene/${sceneId}`);
    const comment = await call<{ commentId: string }>(bobToken, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: '<b>Lovely</b> light' });
    await call(oliveToken, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: 'Thank you!', parentCommentId: comment.commentId });
    await call(bobToken, 'POST', `/api/scenecomment/scene/${sceneId}`, { body: 'Reply from Bob', parentCommentId: comment.commentId });
    await call(bobToken, 'POST', `/api/scenefavourite/scene/${sceneId}`);

    // Bob finds it by search; the card shows 1 like and 3 comments.
    await bob.goto('/explore');
    await bob.getByLabel('Search spaces, tags or creators').fill('lighthouse');
    const card = bob.locator(`[data-scene-id="${sceneId}"]`);
    // The search runs after a 200 ms pause in typing; until then the unfiltered list shows.
    await expect.poll(() => cards(bob).count(), { timeout: 10_000 }).toBe(1);
    await card.waitFor();
    await expect(card.getByLabel('1 likes').isVisible()).resolves.toBe(true);
    await expect(card.getByLabel('3 comments').isVisible()).resolves.toBe(true);
    await expect(card.getByText('Olive Owner').isVisible()).resolves.toBe(true);
    // Search by the creator's name finds it too.
    await bob.getByLabel('Search spaces, tags or creators').fill('Olive');
    await card.waitFor();
    await snap(bob, 'publishing-search');
    // Favorites filter.
    await bob.getByLabel('Search spaces, tags or creators').fill('');
    await bob.getByText('Favorites', { exact: true }).click();
    await expect.poll(() => cards(bob).count(), { timeout: 10_000 }).toBe(1);
    await card.waitFor();
    // The Creators tab searches people: 'Olive' finds the owner and not the other visitor.
    await bob.getByRole('tab', { name: 'Creators' }).click();
    await bob.getByLabel('Search creators').fill('Olive');
    // (the Spaces tab stays mounted but hidden, so only visible matches count)
    await bob.getByText('Olive Owner').filter({ visible: true }).first().waitFor();
    await expect.poll(() => bob.getByText('Bob Visitor').filter({ visible: true }).count(), { timeout: 10_000 }).toBe(0);

    // The owner hides it from the profile card (hover action with confirmation).
    await owner.goto(`/user/${(await call<{ userId: string }>(oliveToken, 'GET', '/api/user/my')).userId}/spaces/published`);
    const own = owner.locator(`[data-scene-id="${sceneId}"]`);
    await own.waitFor();
    await expect(own.getByText(/^Expiring on /).isVisible()).resolves.toBe(true);
    await own.hover();
    await snap(owner, 'publishing-profile-card');
    await own.getByRole('button', { name: 'Hide' }).click();
    await owner.getByText(msg.publishing.hideConfirm).waitFor();
    await owner.getByRole('button', { name: 'Continue' }).click();
    await own.getByText('Hidden').waitFor();
    // The list view lays the card out as a row, its cover beside the text; the grid stacks them.
    const coverRight = async () => { const b = (await own.locator(':scope > div').first().boundingBox())!; return b.x + b.width; };
    const visitLeft = async () => (await own.getByRole('link', { name: 'Visit Space' }).boundingBox())!.x;
    expect(await visitLeft()).toBeLessThan(await coverRight());
    await owner.getByLabel('List view').click();
    await owner.locator('[data-view="list"]').waitFor();
    await expect.poll(async () => (await visitLeft()) >= (await coverRight())).toBe(true);
    await snap(owner, 'publishing-profile-list');
    // Groups neither sort nor switch views: neither control shows there.
    await owner.getByRole('tab', { name: 'Connections' }).click();
    await owner.getByLabel('Grid view').waitFor({ state: 'visible' });
    await owner.getByText('Groups', { exact: true }).click();
    await owner.getByLabel('Grid view').waitFor({ state: 'detached' });
    expect(await owner.getByRole('textbox', { name: 'Sort by' }).count()).toBe(0);

    // Gone for others.
    await bob.goto('/explore');
    await bob.getByLabel('Search spaces, tags or creators').fill('lighthouse');
    await bob.getByText(msg.noSpacesFound).waitFor();
    await expect.poll(() => cards(bob).count()).toBe(0);

    // A private space refuses a visitor who is not on its list.
    const carolToken = (await tokenOverHttp(app.baseURL, { email: 'carol.explore@example.org', password: PASSWORD, signUpName: 'Carol' })).access_token;
    const privateId = await publishSpace(carolToken, 'Private Studio', 'Only for friends', { publishedPublic: false });
    await bob.goto(`/viewer/${privateId}`);
    await bob.getByText(msg.spaceAccessDeniedTitle).waitFor();
    await bob.getByRole('link', { name: msg.createSpace }).or(bob.getByRole('button', { name: msg.createSpace })).first().waitFor();
    await snap(bob, 'publishing-access-denied');
    expect(visitor.errors.filter((e) => !/401|403|404/.test(e))).toEqual([]);
    // The editor loads the engine first, which takes long on a busy machine.
  }, 420_000);
});
