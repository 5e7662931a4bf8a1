import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { msg } from '@atrium/shared';
import { tokenOverHttp } from '../apps/server/test/support/oidcHttp.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import type { Locator } from 'playwright-core';
import { LOAD_TIMEOUT, poll, shot, viewerPage, waitReady, type Page } from './support/viewer.ts';
import { apiCaller, signUp as createAccount } from './support/accounts.ts';
import { pageFrames } from './support/settled.ts';

// Clicks in the viewer are dispatched: under SwiftShader on a busy machine animation frames can stall
// for seconds, and Playwright's click waits for frames to see the target stand still.
//
// The viewer's social sidebars with real servers and a real browser: a visitor who is signed out is
// asked to sign in; a second user opens a published space, likes it from the Like sidebar (the count
// follows), comments, replies and edits, follows the creator from the creator card, and opens another
// space from "Explore other spaces". The visit is counted (test pages present an ordinary Chrome user
// agent; the server treats HeadlessChrome as a bot). A private space's access-denied page shows no
// 'not authorized' toast on top of itself.

let app: RunningApp;
const PASSWORD = 'social-pass-42';

const call = apiCaller(() => app.baseURL);

const token = async (email: string, name: string) => (await tokenOverHttp(app.baseURL, { email, password: PASSWORD, signUpName: name })).access_token;

/** A published space with a demo space's content, so the viewer has something to draw. */
async function publishSpace(tok: string, title: string, tags: string[], extra: object = {}) {
  const draft = await call<{ sceneId: string }>(tok, 'POST', '/api/scene/metadata', { title, description: `${title}, by the sea`, tags });
  await app.sql!.query("update scenes set content = (select content from scenes where demo_key = 'demo-loft') where id = $1", [draft.sceneId]);
  const [slot] = await call<{ slotId: string }[]>(tok, 'GET', '/api/slot/available');
  await call(tok, 'POST', `/api/sceneactions/${draft.sceneId}/publish`, { slotId: slot!.slotId, ...extra });
  return draft.sceneId;
}

const signUp = (page: Page, name: string, email: string) =>
  createAccount(page, name, email, PASSWORD, { origin: app.baseURL, timeout: LOAD_TIMEOUT });

const openPanel = async (page: Page, label: string) => {
  await page
    .getByRole('navigation', { name: 'Space tools' })
    .getByRole('button', { name: label, exact: true })
    .dispatchEvent('click')
    .catch(async (err: unknown) => {
      await shot(page, `viewer-social-failed-${label}`);
      throw err;
    });
  const panel = page.getByRole('complementary', { name: label });
  await panel.waitFor();
  return panel;
};
/** Waits until the control can be used (buttons stay disabled while their state loads), then clicks. */
async function press(target: Locator) {
  await poll(() => target.isEnabled(), 'enabled').toBe(true);
  await target.dispatchEvent('click');
}
const views = async (id: string) => (await app.sql!.query<{ n: number }>('select views_count as n from scenes where id = $1', [id])).rows[0]!.n;

describe('viewer social sidebars (browser)', () => {
  let harbour: string;
  let cabin: string;
  let olive: string;

  beforeAll(async () => {
    app = await startApp({ database: 'postgres' });
    olive = await token('olive@example.org', 'Olive Owner');
    harbour = await publishSpace(olive, 'Harbour Lights', ['sea', 'coast', 'boats']);
    cabin = await publishSpace(await token('carl@example.org', 'Carl Cabin'), 'Coastal Cabin', ['sea', 'coast', 'cabin']);
  });
  afterAll(async () => {
    await closeBrowser();
    await app?.stop();
  });

  it('likes, comments, replies, follows and explores other spaces from the viewer', async () => {
    const page = await viewerPage();
    // SwiftShader keeps drawing while a page is open: close it so the next test gets the CPU.
    onTestFinished(() => page.close());

    // Signed out: the sidebars are there, and acting asks to sign in.
    await page.goto(`${app.baseURL}/viewer/${harbour}`);
    await waitReady(page, harbour);
    let like = await openPanel(page, 'Like');
    await like.getByText('0 likes').waitFor();
    await press(like.getByTestId('like-button'));
    await like.getByTestId('sign-in-prompt').waitFor();
    await shot(page, 'viewer-social-like-signed-out');
    const explore = await openPanel(page, 'Explore other spaces');
    await explore.getByRole('tab', { name: 'TRENDING' }).waitFor();
    expect(await explore.getByRole('tab', { name: 'MY HISTORY' }).count()).toBe(0);
    // An anonymous visit in a browser counts once.
    await poll(() => views(harbour), 'anonymous view counted').toBe(1);

    // Bob signs up and comes back.
    await signUp(page, 'Bob Visitor', 'bob@example.org');
    await page.goto(`${app.baseURL}/viewer/${harbour}`);
    await waitReady(page, harbour);
    await poll(() => views(harbour), 'Bob’s view counted').toBe(2);

    // Like: the count follows at once and the server agrees.
    like = await openPanel(page, 'Like');
    await like.getByText('0 likes').waitFor();
    await press(like.getByTestId('like-button'));
    await like.getByText('1 like', { exact: true }).waitFor();
    await poll(async () => (await call<{ likes: number }>(null, 'GET', `/api/scenelike/scene/${harbour}`)).likes).toBe(1);
    await press(like.getByRole('button', { name: 'Add to favourites' }));
    await like.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    await shot(page, 'viewer-social-like');

    // Comments: markup stays text; a reply from the owner and one from Bob; Bob edits his comment.
    const comments = await openPanel(page, 'Comments');
    await comments.getByText(msg.social.noComments).waitFor();
    await comments.getByTestId('comment-form').getByRole('textbox').fill('<b>Lovely</b> harbour <script>alert(1)</script>');
    await press(comments.getByRole('button', { name: 'Post' }));
    const first = comments.getByTestId('comment').first();
    await first.getByText('<b>Lovely</b> harbour <script>alert(1)</script>').waitFor();
    expect(await first.getByTestId('comment-body').locator('b, script').count()).toBe(0);
    const commentId = (await first.getAttribute('data-comment-id'))!;
    await call(olive, 'POST', `/api/scenecomment/scene/${harbour}`, { body: 'Thank you, Bob!', parentCommentId: commentId });
    await press(first.getByRole('button', { name: 'Reply' }));
    await comments.getByTestId('reply-form').getByRole('textbox').fill('Will come back at night');
    await press(comments.getByTestId('reply-form').getByRole('button', { name: 'Reply' }));
    await first.getByTestId('reply').filter({ hasText: 'Will come back at night' }).waitFor();
    await first.getByTestId('reply').filter({ hasText: 'Thank you, Bob!' }).waitFor();
    await press(first.getByRole('button', { name: 'Edit' }).first());
    await first.getByRole('textbox').first().fill('Lovely harbour, truly');
    await press(first.getByRole('button', { name: 'Save' }));
    await first.getByText('Lovely harbour, truly').waitFor();
    await first.getByText(new RegExp(`· ${msg.social.edited}`)).first().waitFor();
    await comments.getByText('3 comments').waitFor();
    await shot(page, 'viewer-social-comments');
    // A flood of comments is refused (429) with the spec's error toast.
    const box = comments.getByTestId('comment-form').getByRole('textbox');
    const toast = page.getByText(msg.social.tooManyComments);
    for (let i = 0; i < 8 && !(await toast.isVisible()); i++) {
      await box.fill(`Flood ${i}`);
      await press(comments.getByRole('button', { name: 'Post' }));
      await poll(async () => (await box.inputValue()) === '' || (await toast.isVisible()), 'posted or refused').toBe(true);
    }
    await toast.waitFor();
    await shot(page, 'viewer-social-comments-429');

    // Creator card: follow Olive.
    const creator = await openPanel(page, 'Creator');
    await creator.getByText('Olive Owner').waitFor();
    await creator.getByRole('link', { name: 'View profile' }).waitFor();
    await press(creator.getByRole('button', { name: 'Follow', exact: true }));
    await creator.getByRole('button', { name: 'Unfollow' }).waitFor();
    await creator.getByText('1 follower').waitFor();
    const oliveId = (await call<{ userId: string }>(olive, 'GET', '/api/user/my')).userId;
    expect((await call<{ userId: string }[]>(null, 'GET', `/api/userFollow/${oliveId}/followers`)).map((u) => u.userId)).toHaveLength(1);
    await shot(page, 'viewer-social-creator');

    // Explore other spaces: RELATED (shared tags) and ALL list the cabin, never the harbour itself.
    const others = await openPanel(page, 'Explore other spaces');
    await press(others.getByRole('tab', { name: 'RELATED' }));
    await others.getByTestId('others-related').locator(`[data-scene-id="${cabin}"]`).waitFor();
    await press(others.getByRole('tab', { name: 'MY FAVOURITES' }));
    await others.getByText(msg.noSpacesFound).waitFor(); // the only favourite is the space being visited
    await press(others.getByRole('tab', { name: 'ALL' }));
    const card = others.getByTestId('others-all').locator(`[data-scene-id="${cabin}"]`);
    await card.waitFor();
    expect(await others.getByTestId('others-all').locator(`[data-scene-id="${harbour}"]`).count()).toBe(0);
    await shot(page, 'viewer-social-explore');
    await press(card);
    await page.waitForURL(new RegExp(`/viewer/${cabin}$`));
    await waitReady(page, cabin);
    // The harbour is now in Bob's history.
    const after = await openPanel(page, 'Explore other spaces');
    await press(after.getByRole('tab', { name: 'MY HISTORY' }));
    await after.getByTestId('others-history').locator(`[data-scene-id="${harbour}"]`).waitFor();
    await shot(page, 'viewer-social-history');
    // 401s while signed out, and the 429 the flood was meant to get.
    expect(page.errors.filter((e) => !/401|403|404|429/.test(e))).toEqual([]);
  }, LOAD_TIMEOUT * 3);

  it('hides Follow on your own space, says when comments are off, and shows the access-denied page without a toast', async () => {
    const page = await viewerPage();
    onTestFinished(() => page.close());
    await signUp(page, 'Dora Private', 'dora@example.org');
    const dora = (await tokenOverHttp(app.baseURL, { email: 'dora@example.org', password: PASSWORD })).access_token;
    const privateId = await publishSpace(dora, 'Dora’s Den', ['den', 'quiet', 'books'], { publishedPublic: false, comments: false });

    const stranger = await newPage({ baseURL: app.baseURL });
    onTestFinished(() => stranger.close());
    // Two reads are refused (metadata and content); the page says so once and no toast repeats it.
    const refused = (kind: string) =>
      stranger.waitForResponse((r) => new URL(r.url()).pathname === `/api/publishedscene/${kind}/${privateId}` && [401, 403].includes(r.status()), { timeout: LOAD_TIMEOUT });
    const reads = Promise.all([refused('metadata'), refused('content')]);
    await stranger.goto(`/viewer/${privateId}`);
    await stranger.getByText(msg.spaceAccessDeniedTitle).waitFor({ timeout: LOAD_TIMEOUT });
    // Both refusals have reached the page and been handled (a toast would be on screen by the frames after).
    await Promise.all((await reads).map((r) => r.finished()));
    await pageFrames(stranger);
    expect(await stranger.getByText(msg.notAuthorized).count()).toBe(0);
    await snap(stranger, 'viewer-social-access-denied');

    await page.goto(`${app.baseURL}/viewer/${privateId}`);
    await waitReady(page, privateId);
    const creator = await openPanel(page, 'Creator');
    await creator.getByText('This is your space.').waitFor();
    expect(await creator.getByRole('button', { name: /Follow/ }).count()).toBe(0);
    // Comments are off for this space: the spec's message and no comment box.
    const comments = await openPanel(page, 'Comments');
    await comments.getByTestId('comments-disabled').getByText(msg.social.commentsDisabled).waitFor();
    expect(await comments.getByTestId('comment-form').count()).toBe(0);
    await shot(page, 'viewer-social-comments-off');
  }, LOAD_TIMEOUT * 2);
});
