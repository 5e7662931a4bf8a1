import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@atrium/shared';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

let app: RunningApp;
// Pages are lazy chunks served by a cold server; give each UI expectation time to settle.
const poll = <T>(fn: () => Promise<T> | T, message?: string) => expect.poll(fn, { timeout: 15_000, interval: 100, message });

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('web: home, navigation and not-found', () => {
  it('renders the home page with hero, the five steps and the FAQ', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Build 3D spaces');
    // The server's copy of the heading shows before the app runs (it paints first): wait for React's page.
    const steps = page.locator('#steps-title + p + ol > li');
    await poll(() => steps.count()).toBe(5);
    for (const name of ['Define your space', 'Design and style', 'Add interactive content', 'Create story Paths', 'Publish and share']) {
      expect(await page.getByRole('heading', { name }).count()).toBe(1);
    }
    // The questions load when the visitor scrolls near them.
    await page.locator('#faq-title').scrollIntoViewIfNeeded();
    const question = page.getByRole('button', { name: 'Is there a free plan?' });
    await question.click();
    await poll(() => page.getByText('one publishing slot and up to two draft projects').isVisible()).toBe(true);
    // Crawlers and the browser tab see the home title from the shared route metadata.
    expect(await page.title()).toContain('Atrium');
    expect(page.errors).toEqual([]);
    await snap(page, 'web-home');
  });

  it('navigates from the header to the contact page and updates the title', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/');
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
    await poll(() => page.url()).toBe(app.baseURL + '/contact');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Contact us' }).isVisible()).toBe(true);
    await poll(() => page.title()).toContain('Contact us');
  });

  it('opens a header dropdown from the keyboard and follows a solution link', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/');
    const solutions = page.getByRole('banner').getByRole('button', { name: 'Solutions' });
    await solutions.focus();
    await page.keyboard.press('ArrowDown');
    await poll(() => solutions.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Museums & Galleries' }).click();
    await poll(() => page.url()).toBe(app.baseURL + '/solutions/museums-and-galleries');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Your collection');
  });

  it('at 375 px the burger opens the menu and navigation closes it', async () => {
    const page = await newPage({ width: 375, height: 812 });
    await page.goto(app.baseURL + '/');
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await poll(() => burger.isVisible()).toBe(true);
    // The desktop links are hidden at this width.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().isVisible()).toBe(false);
    await burger.click();
    const close = page.getByRole('button', { name: 'Close navigation' });
    await poll(() => close.getAttribute('aria-expanded')).toBe('true');
    const contact = page.locator('#mobile-menu').getByRole('link', { name: 'Contact Us' });
    await poll(() => contact.isVisible()).toBe(true);
    await snap(page, 'web-burger-open');
    await contact.click();
    await poll(() => page.url()).toBe(app.baseURL + '/contact');
    await poll(() => page.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
    await poll(() => contact.isVisible()).toBe(false);
  });

  it('shows Page not found for unknown paths and returns home', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/this/does/not/exist');
    await poll(() => page.getByRole('heading', { name: msg.pageNotFoundTitle }).isVisible()).toBe(true);
    expect(await page.getByText(msg.pageNotFoundText).isVisible()).toBe(true);
    await page.getByRole('link', { name: msg.returnToHomepage }).click();
    await poll(() => page.url()).toBe(app.baseURL + '/');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Build 3D spaces');
  });

  it('renders legal pages from Markdown, including the terms addenda', async () => {
    const page = await newPage();
    for (const [path, heading] of [
      ['/terms-of-service', 'Terms of Service'],
      ['/terms-of-service/data-processing', 'Data Processing Addendum'],
      ['/privacy-notice', 'Privacy Notice'],
      ['/refund-policy', 'Refund Policy'],
      ['/security', 'Security'],
    ] as const) {
      await page.goto(app.baseURL + path);
      await poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    }
  });
});
