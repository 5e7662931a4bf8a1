import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { redactUrl } from '../src/logging.ts';
import { databases, type TestDb } from './support/db.ts';
import { RecordingMailer } from './support/app.ts';
import { bearer } from './support/identity.ts';
import { signUpUser, type TestUser } from './support/users.ts';

describe('redactUrl', () => {
  it('hides credential query values and keeps everything else', () => {
    expect(redactUrl('/api/communication/key?access_token=eyJ.abc.def')).toBe('/api/communication/key?access_token=[REDACTED]');
    expect(redactUrl('/auth/reset?token=s3cret&x=1')).toBe('/auth/reset?token=[REDACTED]&x=1');
    expect(redactUrl('/authentication/callback?code=c0de&state=st')).toBe('/authentication/callback?code=[REDACTED]&state=st');
    expect(redactUrl('/x?ACCESS%5FTOKEN=abc&q=access_token')).toBe('/x?ACCESS%5FTOKEN=[REDACTED]&q=access_token');
    expect(redactUrl('/api/explore?q=hall&cp=2')).toBe('/api/explore?q=hall&cp=2');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

describe.each(databases)('request logging on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ada: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await open();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
    app = await buildApp({ config, database: db, mailer: new RecordingMailer(), logStream: { write: (l) => void lines.push(l) } });
    await app.ready();
    ada = await signUpUser(app, db, 'ada@example.org', 'Ada');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('never writes a query-string access token to the log, and the hub check also takes the header', async () => {
    lines.length = 0;
    const viaQuery = await app.inject({ method: 'HEAD', url: `/api/communication/key?access_token=${encodeURIComponent(ada.token)}` });
    expect(viaQuery.statusCode).toBe(204);
    const logged = lines.join('');
    expect(logged).toContain('/api/communication/key?access_token=[REDACTED]');
    expect(logged).not.toContain(ada.token);
    expect(logged).not.toContain(ada.token.split('.')[2]!);

    // What the web app sends now: the token in the Authorization header, nothing in the URL.
    const viaHeader = await app.inject({ method: 'HEAD', url: '/api/communication/key', headers: bearer(ada.token) });
    expect(viaHeader.statusCode).toBe(204);
    const refused = await app.inject({ method: 'HEAD', url: '/api/communication/key', headers: bearer(`${ada.token}x`) });
    expect(refused.statusCode).toBe(401);
    expect(lines.join('')).not.toContain(ada.token);
  });

  it('redacts a password-reset token in the logged URL', async () => {
    lines.length = 0;
    await app.inject('/auth/reset?token=reset-secret-123');
    expect(lines.join('')).toContain('/auth/reset?token=[REDACTED]');
    expect(lines.join('')).not.toContain('reset-secret-123');
  });
});
