import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.ts';

describe('outbox mailer (embedded default)', () => {
  it('writes one readable .eml file per message and leaves no temp files', async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-mail-')), 'outbox');
    const mailer = createMailer({ outboxDir, from: 'Atrium <no-reply@atrium.local>', contactInbox: 'x@y.z' });
    const r = await mailer.send({ to: 'team@atrium.local', subject: 'Hello', text: 'Body text', replyTo: 'a@b.c' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(r.location).toBe(path.join(outboxDir, files[0]!));
    const eml = fs.readFileSync(r.location!, 'utf8');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('Reply-To: a@b.c');
    expect(eml).toContain('Body text');
  });
});
