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

describe('web: contact form', () => {
  it('shows every required-field message of spec §5 on an empty submit', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const text of [
      msg.contact.firstName,
      msg.contact.lastName,
      msg.contact.email,
      msg.contact.country,
      msg.contact.message,
      msg.contact.inquiryType,
    ]) {
      await poll(() => page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await snap(page, 'web-contact-errors');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await poll(() => page.getByText(msg.contact.emailInvalid, { exact: true }).isVisible()).toBe(true);
  });

  it('sends a valid message, answers 201 and shows the success toast', async () => {
    const page = await newPage({ width: 375, height: 812 });
    await page.goto(app.baseURL + '/contact');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('combobox', { name: 'Inquiry type' }).click();
    await page.getByRole('option', { name: 'Partnerships' }).click();
    await page.getByRole('combobox', { name: 'Country' }).fill('Gree');
    await page.getByRole('option', { name: 'Greece' }).click();
    await page.getByLabel('Message').fill('We would like to build a virtual wing for our museum.');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contactus/send') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    const res = await response;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { id: string; message: string };
    expect(body.id).toBeTruthy();
    await poll(() => page.getByText(msg.contact.sent).isVisible()).toBe(true);
    // The form resets after success.
    await poll(() => page.getByLabel('First name').inputValue()).toBe('');
    expect(page.errors).toEqual([]);
  });

  it('the home page carries the same contact form', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/');
    // The form loads when the visitor scrolls near it.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact us' });
    await poll(() => form.isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Send message' }).click();
    await poll(() => form.getByText(msg.contact.firstName, { exact: true }).isVisible()).toBe(true);
  });

  it('coming-soon signup validates the email and is friendly about duplicates', async () => {
    const page = await newPage();
    await page.goto(app.baseURL + '/coming-soon');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await poll(() => page.getByText(msg.contact.email, { exact: true }).isVisible()).toBe(true);
    const email = page.getByLabel('Email');
    for (let i = 0; i < 2; i++) {
      await email.fill('fan@example.com');
      const response = page.waitForResponse((r) => r.url().endsWith('/api/comingsoon/subscribe'));
      await page.getByRole('button', { name: 'Notify me' }).click();
      const res = await response;
      expect(res.status()).toBe(200);
      expect(((await res.json()) as { subscribed: boolean }).subscribed).toBe(i === 0);
    }
  });
});
