import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import type { Mailer, MailMessage } from '../../src/mail/mailer.ts';
import type { TestDb } from './db.ts';

/** Records mail instead of delivering it; the real outbox mailer has its own test. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  fail = false;
  async send(m: MailMessage) {
    if (this.fail) throw new Error('SMTP unavailable');
    this.sent.push(m);
    return { id: `<${this.sent.length}@test>` };
  }
}

export async function makeTestApp(
  database: TestDb,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; mailer: RecordingMailer; config: Config; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  // Small-cost password hashes: the real argon2 cost is most of a CPU-second per sign-up or sign-in.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, TEST_FAST_PASSWORD_HASH: 'true', ...env }, overrides);
  const mailer = new RecordingMailer();
  const app = await buildApp({ config, database, mailer });
  await app.ready();
  return { app, mailer, config, dataDir };
}
