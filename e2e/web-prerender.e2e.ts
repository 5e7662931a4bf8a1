import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// Issue 17 Done-when: `curl` (no JavaScript) of `/`, a solution page, a guide and a published space's
// viewer address returns HTML with that page's heading and its Open Graph tags. The browser half checks
// the same heading is what the page itself shows once React has replaced the server's copy, so the
// crawler copy in @atrium/shared seo.ts cannot drift from the page, and that the swap logs no error.

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The page as curl sees it: no JavaScript, no cookies. */
function curl(path: string) {
  const html = execFileSync('curl', ['--silent', '--show-error', '--fail', `${app.baseURL}${path}`], {
    encoding: 'utf8',
  });
  const og = (p: string) => {
    const v = new RegExp(`<meta property="og:${p}" content="([^"]*)"`).exec(html)?.[1];
    return v === undefined ? null : decode(v);
  };
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const h1 = /<h1>([^<]*)<\/h1>/.exec(root)?.[1];
  return {
    html,
    h1: h1 === undefined ? null : decode(h1),
    ogTitle: og('title'),
    ogDescription: og('description'),
    ogImage: og('image'),
    ogUrl: og('url'),
  };
}

const PAGES = [
  '/',
  '/solutions/museums-and-galleries',
  '/solutions/corporate-training',
  '/digital-transformation',
  '/artsteps-migration',
  '/resources/guides/create-your-first-space',
  '/resources/guides',
  '/resources/faqs',
  '/resources/glossary',
  '/resources/blog',
  '/resources/video-tutorials',
  '/explore',
  '/pricing',
  '/contact',
];

describe('pages reach crawlers without JavaScript', () => {
  it('curl of home, a solution page, a guide and a public space viewer gets the heading and Open Graph tags', async () => {
    const home = curl('/');
    expect(home.h1).toBe('Build 3D spaces people want to walk into');
    expect(home.ogTitle).toContain('Atrium');
    expect(home.ogImage).toBe(`${app.baseURL}/og-image.png`);

    const solution = curl('/solutions/museums-and-galleries');
    expect(solution.h1).toBe('Your collection, open after hours');
    expect(solution.ogTitle).toBe('Museums & Galleries | Atrium');
    expect(solution.ogUrl).toBe(`${app.baseURL}/solutions/museums-and-galleries`);

    const guide = curl('/resources/guides/create-your-first-space');
    expect(guide.h1).toBe('Create your first 3D space');
    expect(guide.ogTitle).toBe('Create your first 3D space | Atrium');
    expect(guide.html).toContain('Before you start</h2>');

    const spaces = (await (await fetch(`${app.baseURL}/api/publishedscene/metadata/search`)).json()) as {
      sceneId: string;
      title: string;
      description: string;
      coverPhotoUri: string | null;
      thumbnailUri: string | null;
    }[];
    const space = spaces.find((s) => s.coverPhotoUri ?? s.thumbnailUri)!;
    expect(space).toBeTruthy();
    const viewer = curl(`/viewer/${space.sceneId}`);
    expect(viewer.h1).toBe(space.title);
    expect(viewer.ogTitle).toBe(`${space.title} | Atrium`);
    if (space.description) expect(viewer.ogDescription).toBe(space.description);
    expect(viewer.ogImage).toBe(
      new URL((space.coverPhotoUri ?? space.thumbnailUri)!, app.baseURL).toString(),
    );
    // The picture a preview shows is really served to a signed-out visitor.
    expect((await fetch(viewer.ogImage!)).status).toBe(200);

    const sitemap = execFileSync('curl', ['--silent', '--fail', `${app.baseURL}/sitemap.xml`], {
      encoding: 'utf8',
    });
    expect(sitemap).toContain(`/viewer/${space.sceneId}</loc><lastmod>`);
    expect(sitemap).toContain('/artsteps-migration</loc>');
  });

  it("the served heading is the page's own heading, and React replaces the server's copy without an error", async () => {
    const page = await newPage({ width: 412, height: 823 });
    const mismatches: string[] = [];
    for (const path of PAGES) {
      const served = curl(path);
      expect(served.h1, path).not.toBeNull();
      page.errors.length = 0;
      await page.goto(app.baseURL + path);
      const h1 = page.locator('#main h1').first();
      await h1.waitFor({ timeout: 30_000 });
      const shown = (await h1.innerText()).trim();
      if (shown !== served.h1) mismatches.push(`${path}: served “${served.h1}”, page shows “${shown}”`);
      expect(await page.locator('.prerender').count(), path).toBe(0);
      expect(await page.locator('h1').count(), path).toBe(1);
      // The served tags stay: the page's canonical and og:url name the address.
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(app.baseURL + path);
      expect(page.errors, path).toEqual([]);
    }
    await page.goto(app.baseURL + '/artsteps-migration');
    await page.locator('#main h1').waitFor();
    await snap(page, 'web-prerender-artsteps-migration');
    expect(mismatches).toEqual([]);
  }, 300_000);
});
