import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { pageFrames } from './support/settled.ts';

// Issue 17: a person with the staff grant writes, previews and publishes a guide in the product, and it
// appears on /resources/guides; hostile HTML inside an article never runs, in the preview or the page.

let app: RunningApp;
const poll = <T>(fn: () => Promise<T> | T, message?: string) => expect.poll(fn, { timeout: 20_000, interval: 100, message });

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

const HOSTILE = [
  '## Warm light first',
  'Galleries feel calmer with warm light on the walls.',
  '<img src="/nope.png" onerror="window.__pwned = 1">',
  '<script>window.__pwned = 2</script>',
  '[click me](javascript:window.__pwned=3)',
  '<a href="#" onclick="window.__pwned = 4">also me</a>',
  '<iframe src="https://evil.example/embed/x" onload="window.__pwned = 5"></iframe>',
  '## Then accents',
  'Spotlights on the works people should see first.',
].join('\n\n');

describe('resources: staff content editing', () => {
  it('a staff user writes and previews a guide, publishes it, and it appears on /resources/guides without running hostile HTML', async () => {
    const title = `Lighting a gallery ${Date.now()}`;
    const staff = await newPage({ baseURL: app.baseURL });
    const staffId = await signUp(staff, 'Stella Staff', `staff-${Date.now()}@example.com`, 'password-123');
    await app.sql!.query('insert into cms_staff (user_id) values ($1)', [staffId]);

    await staff.goto(app.baseURL + '/resources/manage/new');
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Description').fill('Warm light, then accents.');
    // A card picture that does not load falls back to the placeholder.
    await staff.getByLabel('Card image URL').fill('/missing-thumbnail.png');
    await staff.getByLabel('Body (Markdown)').fill(HOSTILE);
    await staff.getByRole('tab', { name: 'Preview' }).click();
    const preview = staff.getByTestId('cms-preview');
    await poll(() => preview.getByRole('heading', { name: 'Warm light first' }).isVisible()).toBe(true);
    expect(await preview.locator('script, [onerror], [onclick], iframe').count()).toBe(0);
    await snap(staff, 'resources-cms-preview');

    await staff.getByRole('button', { name: 'Save draft' }).click();
    await staff.waitForURL(/\/resources\/manage\/[0-9a-f-]{36}$/);
    const slug = (await staff.getByLabel('Address (slug)').inputValue()).trim();
    expect(slug).toMatch(/^lighting-a-gallery-\d+$/);

    // A draft is invisible to everyone else.
    const visitor = await newPage();
    await visitor.goto(app.baseURL + '/resources/guides');
    await poll(() => visitor.getByRole('link', { name: 'Create your first 3D space' }).isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: title }).count()).toBe(0);
    await visitor.goto(app.baseURL + `/resources/guides/${slug}`);
    await poll(() => visitor.getByRole('heading', { name: 'Article not found' }).isVisible()).toBe(true);

    await staff.getByRole('button', { name: 'Publish' }).click();
    await poll(() => staff.getByText('Published', { exact: true }).first().isVisible()).toBe(true);

    visitor.errors.length = 0;
    await visitor.goto(app.baseURL + '/resources/guides');
    await poll(() => visitor.getByRole('link', { name: title }).isVisible()).toBe(true);
    const card = visitor.locator('article', { has: visitor.getByRole('link', { name: title }) });
    // No cover yet: the card shows the placeholder picture (a hashed /assets/placeholder-….svg file), loaded.
    await poll(() => card.locator('img').getAttribute('src').then((src) => /\/assets\/placeholder-[\w-]+\.svg$/.test(src ?? ''))).toBe(true);
    await poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await visitor.getByRole('link', { name: title }).click();
    await visitor.waitForURL(new RegExp(`/resources/guides/${slug}$`));
    await poll(() => visitor.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
    await poll(() => visitor.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Then accents' }).isVisible()).toBe(true);
    // Neither link carries script (no javascript: address, no handler), so a click has nothing to run...
    expect(await visitor.getByText('click me').evaluate((a) => (a.closest('a')?.getAttribute('href') ?? '').trim().toLowerCase().startsWith('javascript:'))).toBe(false);
    await visitor.getByText('click me').click();
    await visitor.getByText('also me').click();
    // ...and the clicks have been handled and the page has rendered since (what they could have run, ran).
    await pageFrames(visitor);
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await visitor.locator('article script, article [onerror], article [onclick], article iframe').count()).toBe(0);
    await snap(visitor, 'resources-cms-published');
    expect(await staff.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  }, 240_000);

  it('a signed-in person without the staff grant gets no editor', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    await signUp(page, 'Norma Normal', `normal-${Date.now()}@example.com`, 'password-123');
    await page.goto(app.baseURL + '/resources/manage/new');
    await poll(() => page.getByText('Only content staff can edit Resources.').isVisible()).toBe(true);
    expect(await page.getByLabel('Body (Markdown)').count()).toBe(0);
  }, 120_000);

  it('highlights the heading in view in the sticky table of contents', async () => {
    const page = await newPage({ width: 1440, height: 800 });
    await page.goto(app.baseURL + '/resources/guides/create-your-first-space');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await poll(() => toc.getByRole('link', { name: 'Before you start' }).getAttribute('aria-current')).toBe('location');
    await page.getByRole('heading', { name: 'Step 3: Shape Style' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await poll(() => toc.getByRole('link', { name: 'Step 3: Shape Style' }).getAttribute('aria-current')).toBe('location');
    expect(await toc.getByRole('link', { name: 'Before you start' }).getAttribute('aria-current')).toBeNull();
    // Sticky: the contents stay on screen while the article scrolls.
    const box = await toc.boundingBox();
    expect(box && box.y >= 0 && box.y < 800).toBe(true);
    await snap(page, 'resources-toc-highlight');
    expect(page.errors).toEqual([]);
  });
});
