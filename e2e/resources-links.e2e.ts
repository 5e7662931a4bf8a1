import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { msg } from '@atrium/shared';
import { signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';
import { pageFrames, recordRequests } from './support/settled.ts';

// Issue 17 "no dead link anywhere": every internal link reachable from the home page, the header (its
// dropdowns included), the footer, the profile drawer and the Resources pages resolves to a real page,
// signed out and signed in, without a console error.

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

/** Texts that mean the link led nowhere. */
const DEAD = [msg.pageNotFoundTitle, msg.articles.unknownResource, msg.articles.notFound, 'This user does not exist'];

/**
 * Pages that start the 3D engine (the viewer, and /explore/3d which redirects to it) or an external sign-in are reached by their own tests; the crawl notes
 * them without opening them (opening /curate would also create a draft).
 */
const NOT_OPENED = [/^\/curate/, /^\/editor\//, /^\/viewer\//, /^\/explore\/3d/, /^\/login/, /^\/authentication\//, /^\/auth\//, /^\/checkout\//];

async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .filter((h) => h.startsWith(origin))
    .map((h) => {
      const u = new URL(h);
      return u.pathname + u.search;
    });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  // Lazy pages show a loader first; wait until something other than the loader is there.
  await page.waitForFunction(() => (document.querySelector('#main')?.textContent ?? '').trim().length > 0, undefined, { timeout: 20_000 }).catch(() => undefined);
}

/** Tabs opened at once by the crawl: page loads mostly wait on the server and the network. */
const TABS = 3;

/** Another tab of `page`'s context (same cookies and storage) collecting its console errors the same way. */
async function sibling(page: Page & { errors: string[] }): Promise<Page & { errors: string[] }> {
  const tab = Object.assign(await page.context().newPage(), { errors: [] as string[] });
  tab.on('pageerror', (e) => tab.errors.push(String(e)));
  tab.on('console', (m) => {
    if (m.type() === 'error') tab.errors.push(m.text());
  });
  return tab;
}

async function crawl(page: Page & { errors: string[] }, opts: { drawer: boolean }) {
  const origin = app.baseURL;
  const seen = new Set<string>();
  const dead: string[] = [];
  const errors: string[] = [];
  const skipped = new Set<string>();
  const queue: string[] = ['/', '/resources/guides', '/resources/blog', '/resources/faqs', '/resources/glossary', '/resources/whitepaper', '/resources/video-tutorials', '/contact'];

  // Links behind the header dropdowns are in the DOM (hidden); the drawer's are rendered when it opens.
  await page.goto(origin + '/');
  await settle(page);
  if (opts.drawer) {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('navigation', { name: 'Profile menu' }).waitFor();
    queue.push(...(await internalLinks(page, origin)));
    await page.keyboard.press('Escape');
  }

  /** The next address to open, or undefined when the queue holds none (yet). */
  const next = (): string | undefined => {
    while (queue.length > 0 && seen.size < 150) {
      const key = queue.shift()!.split('#')[0]!;
      if (seen.has(key)) continue;
      if (NOT_OPENED.some((r) => r.test(key))) {
        skipped.add(key);
        continue;
      }
      seen.add(key);
      return key;
    }
    return undefined;
  };

  async function visit(tab: Page & { errors: string[] }, failed: string[], key: string) {
    tab.errors.length = 0;
    failed.length = 0;
    await tab.goto(origin + key);
    await settle(tab);
    const text = (await tab.locator('body').innerText()).toString();
    const hit = DEAD.find((d) => text.includes(d));
    if (hit) dead.push(`${key} → ${hit}`);
    if (tab.errors.length) errors.push(`${key}: ${tab.errors.join(' | ')} [${failed.join(', ')}]`);
    // Only follow links from pages of the app itself (not the sign-in provider's).
    if (new URL(tab.url()).origin === origin && !tab.url().includes('/auth/')) {
      for (const link of await internalLinks(tab, origin)) if (!seen.has(link.split('#')[0]!)) queue.push(link);
    }
  }

  // A few tabs take addresses from the one queue; a tab finding it empty waits while another tab's
  // page may still add links, and the crawl ends when the queue is empty and no tab is loading.
  let loading = 0;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((f) => f());
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => sibling(page))))];
  await Promise.all(
    tabs.map(async (tab) => {
      // A console "Failed to load resource" names no address; keep the failed requests' addresses beside it.
      const failed: string[] = [];
      tab.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      tab.on('console', (m) => {
        if (m.type() === 'error' && m.location().url) failed.push(`from ${m.location().url}`);
      });
      for (;;) {
        const key = next();
        if (key === undefined) {
          if (loading === 0) return wake();
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        loading++;
        try {
          await visit(tab, failed, key);
        } finally {
          loading--;
          wake();
        }
      }
    }),
  );
  await Promise.all(tabs.slice(1).map((t) => t.close()));
  return { seen: [...seen], dead, errors, skipped: [...skipped] };
}

describe('every internal link resolves', () => {
  it('signed out: home, header, footer and resources links reach real pages without console errors', async () => {
    const page = await newPage();
    const r = await crawl(page, { drawer: false });
    console.log(`signed out: ${r.seen.length} pages opened, not opened: ${r.skipped.join(', ')}`);
    for (const p of ['/resources/faqs', '/resources/guides', '/resources/video-tutorials', '/resources/glossary', '/resources/whitepaper', '/resources/guides/create-your-first-space', '/artsteps-migration']) {
      expect(r.seen).toContain(p);
    }
    expect(r.dead).toEqual([]);
    expect(r.errors).toEqual([]);
  }, 600_000);

  it('signed in: the same plus the profile drawer and the footer account links', async () => {
    const page = await newPage({ baseURL: app.baseURL });
    const id = await signUp(page, 'Link Walker', `links-${Date.now()}@example.com`, 'password-123');
    const r = await crawl(page, { drawer: true });
    console.log(`signed in: ${r.seen.length} pages opened, not opened: ${r.skipped.join(', ')}`);
    expect(r.seen).toContain(`/user/${id}/spaces/published`);
    expect(r.seen.some((p) => p.startsWith('/user/me/') || p.startsWith(`/user/${id}/library`))).toBe(true);
    await page.goto(app.baseURL + '/user/me/library/images');
    await page.waitForURL(new RegExp(`/user/${id}/library/images$`));
    await snap(page, 'resources-links-library');
    expect(r.dead).toEqual([]);
    expect(r.errors).toEqual([]);
  }, 600_000);

  it("honours the viewer Report link's subject on the contact page", async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/contact?subject=' + encodeURIComponent('Report space 0190f1e2-0000-7000-8000-000000000000'));
    await expect.poll(() => page.getByTestId('contact-subject').textContent(), { timeout: 60_000 }).toBe('Subject: Report space 0190f1e2-0000-7000-8000-000000000000');
    expect(page.errors).toEqual([]);
  });

  it('the home FAQ reads the seeded FAQs from /api/faqs once scrolled near', async () => {
    const page = await newPage();
    let requested = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/faqs') requested = true;
    });
    const faqs = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/faqs' && r.status() === 200);
    const early = recordRequests(page);
    await page.goto(app.baseURL + '/');
    // Nothing is asked before the visitor scrolls near the questions. The section's observer has had
    // its first say (one of ours on the same section, made after it, has: observers report in order),
    // the page has rendered what it decided, and every request it made by then has been seen.
    const faqSection = page.locator('section[aria-labelledby="faq-title"]');
    await faqSection.waitFor();
    await pageFrames(page);
    await faqSection.evaluate(
      (el) =>
        new Promise<void>((done) => {
          const io = new IntersectionObserver(() => (io.disconnect(), done()), { rootMargin: '800px 0px' });
          io.observe(el);
        }),
    );
    await pageFrames(page);
    const before = (await early.flush()).map((r) => new URL(r.url()).pathname);
    early.stop();
    expect(before.filter((p) => p === '/api/faqs' || /\/FaqList-[^/]+\.js$/.test(p))).toEqual([]);
    expect(requested).toBe(false);
    await page.locator('#faq-title').scrollIntoViewIfNeeded();
    const list = (await (await faqs).json()) as { question: string }[];
    expect(list.length).toBeGreaterThanOrEqual(12);
    const section = page.getByRole('region', { name: 'Frequently asked questions' });
    await expect.poll(() => section.getByRole('button', { name: list[0]!.question }).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await section.getByRole('button').count()).toBe(6);
    expect(page.errors).toEqual([]);
  });
});
