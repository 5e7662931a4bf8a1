import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { closeBrowser, newPage, snap, startApp, type RunningApp } from './support/harness.ts';

// Issue 17 content management: a person with the staff grant adds, edits and deletes FAQs, glossary
// entries and video tutorials on the Resources pages themselves; visitors see the result, and someone
// without the grant gets no editing controls.

let app: RunningApp;
const poll = <T>(fn: () => Promise<T> | T, message?: string) => expect.poll(fn, { timeout: 20_000, interval: 100, message });

beforeAll(async () => {
  app = await startApp({ database: 'postgres' });
});

afterAll(async () => {
  await closeBrowser();
  await app?.stop();
});

describe('resources: staff edit FAQs, glossary and video tutorials', () => {
  it('a staff user adds and edits an FAQ, a glossary term and a video tutorial, and deletes the FAQ; visitors see the changes', async () => {
    const stamp = Date.now();
    const staff = await newPage({ baseURL: app.baseURL, width: 1440, height: 900 });
    const staffId = await signUp(staff, 'Sam Staff', `content-staff-${stamp}@example.com`, 'password-123');
    await app.sql!.query('insert into cms_staff (user_id) values ($1)', [staffId]);

    // FAQ: add, then edit its answer.
    const question = `Can I rehearse a tour before publishing? ${stamp}`;
    await staff.goto(app.baseURL + '/resources/faqs');
    await staff.getByTestId('add-faq').click();
    const dialog = staff.getByRole('dialog', { name: 'Add FAQ' });
    await dialog.getByLabel('Question').fill(question);
    await dialog.getByLabel('Answer').fill('Yes: Preview opens the draft with its tours.');
    await snap(staff, 'resources-staff-faq-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => staff.getByRole('button', { name: question }).isVisible()).toBe(true);
    await staff.getByRole('button', { name: question }).click();
    await staff.getByRole('button', { name: `Edit: ${question}` }).click();
    const edit = staff.getByRole('dialog', { name: 'Edit FAQ' });
    await edit.getByLabel('Answer').fill('Yes: Preview opens the draft, tours included.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await poll(() => staff.getByText('Yes: Preview opens the draft, tours included.').isVisible()).toBe(true);

    // A taken address is refused in the dialog, not silently.
    await staff.getByTestId('add-faq').click();
    const dup = staff.getByRole('dialog', { name: 'Add FAQ' });
    await dup.getByLabel('Question').fill(question);
    await dup.getByLabel('Answer').fill('Another answer.');
    await dup.getByRole('button', { name: 'Save' }).click();
    await poll(() => dup.getByText('Another entry already uses this address').isVisible()).toBe(true);
    await staff.keyboard.press('Escape');

    // Glossary term.
    const term = `Walkthrough ${stamp}`;
    await staff.goto(app.baseURL + '/resources/glossary');
    await staff.getByTestId('add-glossary').click();
    const g = staff.getByRole('dialog', { name: 'Add glossary entry' });
    await g.getByLabel('Term').fill(term);
    await g.getByLabel('Definition').fill('A guided tour through a space, stop by stop.');
    await g.getByRole('button', { name: 'Save' }).click();
    await poll(() => staff.locator('dt', { hasText: term }).isVisible()).toBe(true);
    await snap(staff, 'resources-staff-glossary');

    // Video tutorial from a YouTube address; a non-YouTube address is refused.
    await staff.goto(app.baseURL + '/resources/video-tutorials');
    await staff.getByTestId('add-video').click();
    const v = staff.getByRole('dialog', { name: 'Add video tutorial' });
    await v.getByLabel('Title').fill(`Tour basics ${stamp}`);
    await v.getByLabel('YouTube address').fill('https://evil.example/watch?v=abcdefghijk');
    await v.getByRole('button', { name: 'Save' }).click();
    await poll(() => v.getByRole('alert').isVisible()).toBe(true);
    await v.getByLabel('YouTube address').fill('https://youtu.be/abcdefghijk');
    await v.getByRole('button', { name: 'Save' }).click();
    const frame = staff.locator(`iframe[title="Tour basics ${stamp}"]`);
    await poll(() => frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');
    await snap(staff, 'resources-staff-videos');

    // A visitor without the grant sees the content and no editing controls.
    const visitor = await newPage({ width: 1440, height: 900 });
    await visitor.goto(app.baseURL + '/resources/faqs');
    await poll(() => visitor.getByRole('button', { name: question }).isVisible()).toBe(true);
    expect(await visitor.getByTestId('add-faq').count()).toBe(0);
    await visitor.goto(app.baseURL + '/resources/glossary');
    await poll(() => visitor.locator('dt', { hasText: term }).isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: /^Edit/ }).count()).toBe(0);

    // Delete the FAQ (two steps) and it is gone for the visitor too.
    await staff.goto(app.baseURL + '/resources/faqs');
    await staff.getByRole('button', { name: question }).click();
    await staff.getByRole('button', { name: `Edit: ${question}` }).click();
    const del = staff.getByRole('dialog', { name: 'Edit FAQ' });
    await del.getByRole('button', { name: 'Delete' }).click();
    await del.getByRole('button', { name: 'Click again to delete' }).click();
    await poll(() => staff.getByRole('button', { name: question }).count()).toBe(0);
    await visitor.goto(app.baseURL + '/resources/faqs');
    await poll(() => visitor.getByRole('button', { name: 'What is Atrium?' }).or(visitor.locator('.mantine-Accordion-item').first()).first().isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: question }).count()).toBe(0);
  }, 300_000);
});
