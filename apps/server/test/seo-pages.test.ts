import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { injectAs, signUpUser, type TestUser } from './support/users.ts';
import { seedResources } from '../src/db/seed-data/resources.ts';
import { scenes } from '../src/db/schema/index.ts';
import { CmsRepo } from '../src/modules/cms/repo.ts';
import { SeoRepo } from '../src/modules/seo/repo.ts';
import { sitemapRoot, sitemapSpaces } from '../src/modules/seo/sitemap.ts';

// Issue 17: a crawler without JavaScript (curl) gets each public page's heading and preview tags in
// the HTML, and the sitemap lists public published spaces. Private spaces must not leak anything.

const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};
// The shape Vite builds: the module script and stylesheet in the head, an empty root in the body.
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Atrium</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/index-abc.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** What a crawler reads: the first <h1> inside #root and the tags in <head>. */
function read(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const tag = (attr: string, key: string) =>
    new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1] ?? null;
  return {
    root,
    h1: /<h1>([^<]*)<\/h1>/.exec(root)?.[1] ?? null,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1] ?? null,
    ogTitle: tag('property', 'og:title'),
    ogDescription: tag('property', 'og:description'),
    ogImage: tag('property', 'og:image'),
    ogUrl: tag('property', 'og:url'),
  };
}

describe.each(databases)('pages for crawlers on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let publicUrl: string;
  let ada: TestUser;
  let publicId: string;
  let privateId: string;
  let draftId: string;
  let hiddenId: string;

  const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    injectAs(app, who, method, url, payload, BROWSER);
  const publish = async (who: TestUser, title: string, description: string, extra: object = {}) => {
    const draft = await call(who, 'POST', '/api/scene/metadata', {
      title,
      tags: ['seo', 'gallery', 'harbour'],
      description,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().sceneId as string;
    const [slot] = (await call(who, 'GET', '/api/slot/available')).json();
    const res = await call(who, 'POST', `/api/sceneactions/${id}/publish`, { slotId: slot.slotId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    db = await open();
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-seo-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
    let config;
    ({ app, config } = await makeTestApp(db, { webDist }));
    publicUrl = config.publicUrl;
    await seedResources(db.db);
    ada = await signUpUser(app, db, 'ada-seo@example.com', 'Ada');
    const bob = await signUpUser(app, db, 'bob-seo@example.com', 'Bob');
    const cy = await signUpUser(app, db, 'cy-seo@example.com', 'Cy');
    publicId = await publish(ada, 'Harbour Lights <Gallery>', 'Paintings of the old harbour at dusk & dawn.');
    privateId = await publish(bob, 'Secret Vault', 'Only for invited collectors.', {
      publishedPublic: false,
    });
    hiddenId = await publish(cy, 'Hidden Attic', 'Hidden from everyone.');
    await db.db.update(scenes).set({ visible: false }).where(eq(scenes.id, hiddenId));
    const draft = await call(ada, 'POST', '/api/scene/metadata', {
      title: 'Unfinished Draft',
      tags: [],
      description: 'Not yet.',
    });
    draftId = draft.json().sceneId as string;
    await db.db
      .update(scenes)
      .set({ coverPhotoUri: `/api/scene/metadata/${publicId}/cover?v=abc` })
      .where(eq(scenes.id, publicId));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('serves the home page heading, lead, canonical URL and Open Graph tags in the HTML', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    const page = read(res.body);
    expect(page.h1).toBe('Build 3D spaces people want to walk into');
    expect(page.root).toContain('<p>Design a gallery, showroom, classroom or event hall in your browser');
    expect(page.ogTitle).toBe('Atrium — build, publish and visit 3D spaces on the web');
    expect(page.ogDescription).toMatch(/^Atrium is a no-code platform/);
    expect(page.ogImage).toBe(new URL('/og-image.png', publicUrl).toString());
    expect(page.ogUrl).toBe(new URL('/', publicUrl).toString());
    expect(page.canonical).toBe(new URL('/', publicUrl).toString());
    // The app's own script still loads and replaces the server's content.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("serves a solution page's heading and its own title and preview tags", async () => {
    const page = read((await app.inject('/solutions/museums-and-galleries')).body);
    expect(page.h1).toBe('Your collection, open after hours');
    expect(page.title).toBe('Museums &amp; Galleries | Atrium');
    expect(page.ogTitle).toBe('Museums &amp; Galleries | Atrium');
    expect(page.ogDescription).toMatch(/^Hang paintings, place sculptures/);
    expect(page.ogImage).toBe(new URL('/og-image.png', publicUrl).toString());
    expect(page.canonical).toBe(new URL('/solutions/museums-and-galleries', publicUrl).toString());
    expect(read((await app.inject('/digital-transformation')).body).h1).toBe(
      'Digital transformation you can walk through',
    );
  });

  it("serves a guide's heading, description and sanitised body with its preview tags", async () => {
    const page = read((await app.inject('/resources/guides/create-your-first-space')).body);
    expect(page.h1).toBe('Create your first 3D space');
    expect(page.root).toContain('<p>From an empty account to a space you can walk through');
    expect(page.root).toContain('Before you start</h2>');
    expect(page.ogTitle).toBe('Create your first 3D space | Atrium');
    expect(page.ogUrl).toBe(new URL('/resources/guides/create-your-first-space', publicUrl).toString());
    expect(page.ogImage).toMatch(/^http/);
    // An unknown guide is not described with the Guides section's heading.
    const unknown = read((await app.inject('/resources/guides/no-such-guide')).body);
    expect(unknown.h1).toBeNull();
    expect(unknown.title).toBe('Guides | Atrium');
  });

  it("serves a public published space's title, description and cover on its viewer address, escaped", async () => {
    const res = await app.inject(`/viewer/${publicId}`);
    const page = read(res.body);
    expect(page.h1).toBe('Harbour Lights &lt;Gallery&gt;');
    expect(page.root).toContain('<p>Paintings of the old harbour at dusk &amp; dawn.</p>');
    expect(page.title).toBe('Harbour Lights &lt;Gallery&gt; | Atrium');
    expect(page.ogTitle).toBe('Harbour Lights &lt;Gallery&gt; | Atrium');
    expect(page.ogDescription).toBe('Paintings of the old harbour at dusk &amp; dawn.');
    expect(page.ogImage).toBe(
      new URL(`/api/scene/metadata/${publicId}/cover?v=abc`, publicUrl).toString().replace('&', '&amp;'),
    );
    expect(page.canonical).toBe(new URL(`/viewer/${publicId}`, publicUrl).toString());
    expect(res.body).not.toContain('<Gallery>');
  });

  it('serves the same English page to a crawler without Accept-Language and to one asking for English', async () => {
    for (const path of ['/', '/solutions/museums-and-galleries', '/resources/guides/create-your-first-space', `/viewer/${publicId}`]) {
      const none = await app.inject(path);
      const en = await app.inject({ url: path, headers: { 'accept-language': 'en-US,en;q=0.9' } });
      expect(en.body, path).toBe(none.body);
      expect(none.body).toContain('<html lang="en">');
      expect(read(none.body).h1, path).toMatch(/^(Build 3D spaces|Your collection|Create your first|Harbour Lights)/);
    }
  });

  it('lists the newest public spaces with their pictures on /explore, and no private, hidden or draft one', async () => {
    const res = await app.inject('/explore');
    const page = read(res.body);
    expect(page.h1).toBe('Explore');
    expect(page.title).toBe('Explore 3D spaces | Atrium');
    expect(page.root).toContain('<ul class="prerender-cards">');
    expect(page.root).toContain(`<a href="/viewer/${publicId}"><img src="/api/scene/metadata/${publicId}/cover?v=abc"`);
    expect(page.root).toContain('<span>Harbour Lights &lt;Gallery&gt;</span>');
    // The first picture is fetched at once (the page's largest paint); the rest wait until scrolled to.
    expect(page.root).toMatch(/<ul class="prerender-cards"><li><a [^>]+><img [^>]*fetchpriority="high"/);
    for (const w of ['Secret Vault', 'Hidden Attic', 'Unfinished Draft', privateId, hiddenId, draftId]) expect(res.body).not.toContain(w);
  });

  it('tells nothing about private, hidden or draft spaces, even to their owner', async () => {
    for (const [id, words] of [
      [privateId, ['Secret Vault', 'invited collectors']],
      [hiddenId, ['Hidden Attic', 'Hidden from everyone']],
      [draftId, ['Unfinished Draft', 'Not yet.']],
    ] as const) {
      for (const res of [await app.inject(`/viewer/${id}`), await call(ada, 'GET', `/viewer/${id}`)]) {
        expect(res.statusCode).toBe(200);
        for (const w of words) expect(res.body).not.toContain(w);
        const page = read(res.body);
        expect(page.h1).toBeNull();
        expect(page.ogTitle).toBe('Atrium — build, publish and visit 3D spaces on the web');
      }
    }
    // Not a space id at all: the generic page, no database error.
    expect(read((await app.inject('/viewer/not-a-uuid')).body).h1).toBeNull();
  });

  it('lists public published spaces in sitemap.xml with their lastmod, and no private, hidden or draft space', async () => {
    const res = await app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(
      new RegExp(`<loc>[^<]*/viewer/${publicId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod>`),
    );
    for (const id of [privateId, hiddenId, draftId]) expect(res.body).not.toContain(id);
    expect(res.body).toContain('/resources/guides/create-your-first-space</loc>');
    expect(res.body).toContain('/solutions/museums-and-galleries</loc>');
    expect((await app.inject('/robots.txt')).body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  });

  it('turns sitemap.xml into a sitemap index with one file per page of spaces when they do not fit one file', async () => {
    await publish(await signUpUser(app, db, 'dee-seo@example.com', 'Dee'), 'Second Public', 'Another one.');
    const deps = { cms: new CmsRepo(db.db), seo: new SeoRepo(db.db), publicUrl, perPage: 1 };
    const index = await sitemapRoot(deps);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('/sitemap-pages.xml</loc>');
    expect(index).toContain('/sitemap-spaces.xml?page=1</loc>');
    expect(index).toContain('/sitemap-spaces.xml?page=2</loc>');
    expect(index).not.toContain('page=3');
    const pages = [await sitemapSpaces(deps, 1), await sitemapSpaces(deps, 2)];
    expect(pages.every((p) => (p?.match(/<url>/g) ?? []).length === 1)).toBe(true);
    expect(pages.join('')).toContain(`/viewer/${publicId}</loc>`);
    expect(await sitemapSpaces(deps, 3)).toBeNull();

    const pagesFile = await app.inject('/sitemap-pages.xml');
    expect(pagesFile.body).toContain('/resources/guides/create-your-first-space</loc>');
    expect(pagesFile.body).not.toContain('/viewer/');
    const spacesFile = await app.inject('/sitemap-spaces.xml?page=1');
    expect(spacesFile.statusCode).toBe(200);
    expect(spacesFile.body).toContain(`/viewer/${publicId}</loc>`);
    expect((await app.inject('/sitemap-spaces.xml?page=2')).statusCode).toBe(404);
    for (const bad of ['page=abc', 'page=0', 'page=-1', '']) {
      const r = await app.inject(`/sitemap-spaces.xml?${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
