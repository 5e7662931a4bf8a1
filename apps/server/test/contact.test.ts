import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp, type RecordingMailer } from './support/app.ts';
import { comingSoonSignups, contactMessages } from '../src/db/schema/index.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  inquiryType: 'Sales',
  country: 'United Kingdom',
  message: 'We would like a museum district for 40 galleries.',
};

describe.each(databases)('contact API on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  beforeAll(async () => {
    db = await open();
    ({ app, mailer } = await makeTestApp(db, { rateLimit: { max: 1000, contactMax: 1000 } }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/contactus/send', payload: payload as object, headers });

  it('stores a valid message, mails it to the inbox with reply-to, and answers 201', async () => {
    const res = await post({ ...valid, company: 'Museum of Engines' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(msg.contact.sent);
    const row = await db.db.query.contactMessages.findFirst({ where: eq(contactMessages.id, body.id) });
    expect(row).toMatchObject({ firstName: 'Ada', company: 'Museum of Engines', email: 'ada@example.org' });
    expect(row?.mailedAt).toBeInstanceOf(Date);
    const mail = mailer.sent.at(-1)!;
    expect(mail.replyTo).toBe('ada@example.org');
    expect(mail.text).toContain('museum district');
  });

  it.each([
    ['firstName', msg.contact.firstName],
    ['lastName', msg.contact.lastName],
    ['email', msg.contact.email],
    ['country', msg.contact.country],
    ['message', msg.contact.message],
    ['inquiryType', msg.contact.inquiryType],
  ])('rejects a missing %s with the spec message', async (field, message) => {
    const res = await post({ ...valid, [field]: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details.fieldErrors[field]).toContain(message);
  });

  it('treats blank text as missing', async () => {
    const res = await post({ ...valid, firstName: '   ' });
    expect(res.json().error.details.fieldErrors.firstName).toContain(msg.contact.firstName);
  });

  it('rejects an invalid email with the spec message', async () => {
    const res = await post({ ...valid, email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.email).toContain(msg.contact.emailInvalid);
  });

  it('names an unknown field', async () => {
    const res = await post({ ...valid, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.isAdmin[0]).toContain('isAdmin');
  });

  it('caps message length', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.message).toContain(msg.maxChars(5000));
  });

  it('stores hostile strings verbatim as text', async () => {
    const hostile = `<script>alert(1)</script>'; drop table contact_messages; --`;
    const res = await post({ ...valid, message: hostile, firstName: '<img src=x onerror=1>' });
    expect(res.statusCode).toBe(201);
    const row = await db.db.query.contactMessages.findFirst({ where: eq(contactMessages.id, res.json().id) });
    expect(row?.message).toBe(hostile);
    expect(row?.firstName).toBe('<img src=x onerror=1>');
  });

  it('keeps the message when mail delivery fails', async () => {
    mailer.fail = true;
    const res = await post(valid);
    mailer.fail = false;
    expect(res.statusCode).toBe(201);
    const row = await db.db.query.contactMessages.findFirst({ where: eq(contactMessages.id, res.json().id) });
    expect(row).toBeDefined();
    expect(row?.mailedAt).toBeNull();
  });

  it('answers malformed JSON with the coded error shape', async () => {
    const res = await post('{"firstName": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MALFORMED_JSON');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await post('firstName=Ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversize body with 413', async () => {
    const res = await post({ ...valid, message: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('coming-soon signup is validated and duplicate-safe under concurrency', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/comingsoon/subscribe', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fieldErrors.email).toContain(msg.contact.emailInvalid);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/comingsoon/subscribe',
          payload: { email: i % 2 ? 'Visitor@Example.org' : 'visitor@example.org' },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().subscribed)).toHaveLength(1);
    expect(results.find((r) => !r.json().subscribed)?.json().message).toBe(msg.comingSoon.alreadySubscribed);
    expect(await db.db.$count(comingSoonSignups, eq(comingSoonSignups.email, 'visitor@example.org'))).toBe(1);
  });
});

describe('contact rate limit', () => {
  it('answers 429 in the coded shape once the per-IP limit is spent', async () => {
    const [, open] = databases[0]!;
    const db = await open();
    const { app } = await makeTestApp(db, { rateLimit: { max: 1000, contactMax: 3 } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/contactus/send', payload: valid });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    await app.close();
    await db.close();
  });
});
