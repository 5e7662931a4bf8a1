import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';
import { seedResources } from '../src/db/seed-data/resources.ts';
import { CmsRepo } from '../src/modules/cms/repo.ts';

const HOSTILE = [
  '## Safe heading',
  '<script>window.pwned = 1</script>',
  '<img src="https://example.org/a.png" onerror="window.pwned = 2">',
  '[click](javascript:window.pwned=3)',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<iframe src="https://evil.example/embed/abcdefgh"></iframe>',
  '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">styled</div>',
  '<svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<h2 id="x" onmouseover="alert(1)">raw heading</h2>',
].join('\n\n');

const guide = (over: Record<string, unknown> = {}) => ({
  slug: 'test-guide',
  kind: 'guide',
  title: 'A test guide',
  description: 'What it covers',
  body: '## First\n\nHello **there**.\n\n## Second\n\nMore text.',
  tags: ['testing'],
  ...over,
});

describe.each(databases)('content management on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    db = await open();
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cms-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div></body></html>');
    ({ app } = await makeTestApp(db, { rateLimit: { max: 10_000, contactMax: 1000 }, webDist }));
    await seedResources(db.db);
    staff = await signUpUser(app, db, 'staff@example.org', 'Staff');
    user = await signUpUser(app, db, 'user@example.org', 'User');
    await new CmsRepo(db.db).grantStaff(staff.id);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('seeds the Markdown content: 6+ guides, 4+ posts, a whitepaper, 25+ terms, 12+ FAQs', async () => {
    const count = async (kind: string) => (await injectAs(app, null, 'GET', `/api/articles?kind=${kind}`)).json().length;
    expect(await count('guide')).toBeGreaterThanOrEqual(6);
    expect(await count('blog')).toBeGreaterThanOrEqual(4);
    expect(await count('whitepaper')).toBeGreaterThanOrEqual(1);
    expect((await injectAs(app, null, 'GET', '/api/glossary')).json().length).toBeGreaterThanOrEqual(25);
    const faqs = (await injectAs(app, null, 'GET', '/api/faqs')).json();
    expect(faqs.length).toBeGreaterThanOrEqual(12);
    expect(faqs[0]).toMatchObject({ slug: 'what-is-atrium', category: 'general', question: 'What is Atrium?' });
    const one = (await injectAs(app, null, 'GET', '/api/articles/create-your-first-space')).json();
    expect(one).toMatchObject({ kind: 'guide', status: 'published', category: { slug: 'getting-started' }, author: { name: 'Atrium Product Education' } });
    expect(one.headings.map((h: { text: string }) => h.text)).toContain('Step 1: Define Space');
    expect(one.readingMinutes).toBeGreaterThanOrEqual(1);
    const menu = (await injectAs(app, null, 'GET', '/api/guides-menu')).json();
    expect(menu.flatMap((g: { guides: unknown[] }) => g.guides).length).toBeGreaterThanOrEqual(6);
    // Seeding again inserts nothing twice.
    const terms = (await injectAs(app, null, 'GET', '/api/glossary')).json().length;
    const guides = await count('guide');
    await seedResources(db.db);
    expect((await injectAs(app, null, 'GET', '/api/glossary')).json().length).toBe(terms);
    expect(await count('guide')).toBe(guides);
  });

  it('lets only staff write: anonymous 401, a normal user 403, on every write route', async () => {
    const created = await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'idor-target' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const writes: [string, string, object | undefined][] = [
      ['POST', '/api/articles', guide({ slug: 'intruder' })],
      ['PUT', `/api/articles/${id}`, guide({ slug: 'idor-target', title: 'Taken over' })],
      ['PUT', `/api/articles/${id}/status`, { published: true }],
      ['POST', '/api/articles/preview', { body: '# hi' }],
      ['GET', `/api/articles/${id}/source`, undefined],
      ['GET', '/api/articles?drafts=true', undefined],
    ];
    for (const [method, url, payload] of writes) {
      expect((await injectAs(app, null, method as 'POST', url, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await injectAs(app, user, method as 'POST', url, payload)).statusCode, `${method} ${url} as user`).toBe(403);
    }
    const after = (await injectAs(app, staff, 'GET', `/api/articles/${id}/source`)).json();
    expect(after).toMatchObject({ title: 'A test guide', status: 'draft' });
    expect((await injectAs(app, null, 'GET', '/api/articles/intruder')).statusCode).toBe(404);
  });

  it('keeps drafts invisible to the public until published, and hides them again on unpublish', async () => {
    const created = (await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'draft-guide', title: 'Draft guide' }))).json();
    const publicList = async () => (await injectAs(app, null, 'GET', '/api/articles?kind=guide')).json().map((a: { slug: string }) => a.slug);
    expect(await publicList()).not.toContain('draft-guide');
    expect((await injectAs(app, null, 'GET', '/api/articles/draft-guide')).statusCode).toBe(404);
    expect((await injectAs(app, user, 'GET', `/api/articles/${created.id}`)).statusCode).toBe(404);
    expect((await injectAs(app, staff, 'GET', '/api/articles/draft-guide')).statusCode).toBe(200);
    expect((await injectAs(app, null, 'GET', '/api/guides-menu')).body).not.toContain('draft-guide');

    const pub = await injectAs(app, staff, 'PUT', `/api/articles/${created.id}/status`, { published: true });
    expect(pub.json()).toMatchObject({ status: 'published' });
    expect(pub.json().publishedAt).toBeTruthy();
    expect(await publicList()).toContain('draft-guide');
    expect((await injectAs(app, null, 'GET', '/api/articles/draft-guide')).json().title).toBe('Draft guide');

    await injectAs(app, staff, 'PUT', `/api/articles/${created.id}/status`, { published: false });
    expect(await publicList()).not.toContain('draft-guide');
    expect((await injectAs(app, null, 'GET', '/api/articles/draft-guide')).statusCode).toBe(404);
  });

  it('strips hostile Markdown and HTML on save and in the preview, keeping YouTube embeds only', async () => {
    const created = await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'hostile', body: HOSTILE }));
    expect(created.statusCode).toBe(201);
    for (const html of [created.json().bodyHtml as string, (await injectAs(app, staff, 'POST', '/api/articles/preview', { body: HOSTILE })).json().bodyHtml as string]) {
      expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|data:text|evil\.example|<svg|style=/i);
      expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"');
      expect(html).toContain('<h2 id="safe-heading">Safe heading</h2>');
      expect(html).toContain('raw heading');
    }
  });

  it('answers 404 for unknown slugs and ids, and 4xx for bad input', async () => {
    expect((await injectAs(app, null, 'GET', '/api/articles/no-such-article')).statusCode).toBe(404);
    expect((await injectAs(app, null, 'GET', '/api/articles/0190f1e2-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await injectAs(app, null, 'GET', '/api/authors/nobody')).statusCode).toBe(404);
    expect((await injectAs(app, staff, 'PUT', '/api/articles/0190f1e2-0000-7000-8000-000000000000/status', { published: true })).statusCode).toBe(404);
    expect((await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'Bad Slug!' }))).statusCode).toBe(400);
    expect((await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'create-your-first-space' }))).statusCode).toBe(409);
    expect((await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'x1', banner: 'javascript:alert(1)' }))).statusCode).toBe(400);
    expect((await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'x2', authorId: '0190f1e2-0000-7000-8000-000000000000' }))).statusCode).toBe(400);
    expect((await injectAs(app, null, 'GET', '/api/articles?kind=poem')).statusCode).toBe(400);
  });

  it('edits an article, re-rendering its body and keeping its first publication date', async () => {
    const created = (await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'editable' }))).json();
    const first = (await injectAs(app, staff, 'PUT', `/api/articles/${created.id}/status`, { published: true })).json().publishedAt;
    const edited = await injectAs(app, staff, 'PUT', `/api/articles/${created.id}`, guide({ slug: 'editable', title: 'Edited', body: '## New part\n\ntext' }));
    expect(edited.json()).toMatchObject({ title: 'Edited', headings: [{ id: 'new-part', text: 'New part', level: 2 }] });
    await injectAs(app, staff, 'PUT', `/api/articles/${created.id}/status`, { published: false });
    const again = (await injectAs(app, staff, 'PUT', `/api/articles/${created.id}/status`, { published: true })).json();
    expect(again.publishedAt).toBe(first);
    expect((await injectAs(app, null, 'GET', '/api/articles?q=edited')).json().map((a: { slug: string }) => a.slug)).toContain('editable');
    expect((await injectAs(app, null, 'GET', '/api/cms/me')).json()).toEqual({ staff: false });
    expect((await injectAs(app, staff, 'GET', '/api/cms/me')).json()).toEqual({ staff: true });
  });

  it('lists published articles in sitemap.xml, names it in robots.txt, and gives article pages their own title and preview tags', async () => {
    const draft = (await injectAs(app, staff, 'POST', '/api/articles', guide({ slug: 'unlisted-draft' }))).json();
    expect(draft.status).toBe('draft');
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('/resources/guides/create-your-first-space</loc><lastmod>');
    expect(sitemap.body).toContain('/resources/blog/welcome-to-atrium</loc>');
    expect(sitemap.body).toContain('/resources/whitepaper</loc>');
    expect(sitemap.body).toContain('/solutions/museums-and-galleries</loc>');
    expect(sitemap.body).not.toContain('unlisted-draft');
    expect(sitemap.body).not.toContain('/curate');
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    expect(robots.body).toContain('Disallow: /resources/manage');

    const page = await app.inject('/resources/guides/create-your-first-space');
    expect(page.body).toContain('<title>Create your first 3D space | Atrium</title>');
    expect(page.body).toContain('<meta property="og:title" content="Create your first 3D space | Atrium" />');
    expect(page.body).toContain('<meta name="description" content="From an empty account to a space you can walk through');
    // A draft's or an unknown slug's address gets the section's data, never the draft's title.
    expect((await app.inject('/resources/guides/unlisted-draft')).body).toContain('<title>Guides | Atrium</title>');
    expect((await app.inject('/resources/blog/create-your-first-space')).body).toContain('<title>Blog | Atrium</title>');
    expect((await app.inject('/resources/whitepaper')).body).toContain('<title>Immersive 3D spaces for organisations: a practical white paper | Atrium</title>');
  });
});
