import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seed } from '../../src/db/seed.ts';
import { LocalStorage } from '../../src/storage/index.ts';
import { makeTestApp } from './app.ts';
import { multipart, type Part } from './assetFixtures.ts';
import type { TestDb } from './db.ts';
import { bearer } from './identity.ts';

/**
 * A seeded app plus a view of the local file store it writes assets to, so pipeline tests can prove
 * what an upload left behind.
 */
export async function startAssetApp(db: TestDb, env: Record<string, string> = {}) {
  const { app, dataDir } = await makeTestApp(db, {}, env);
  await seed(db.db);
  return { app, files: new LocalStorage(path.join(dataDir, 'files')) };
}

/** POSTs files (and form fields) as one multipart upload, signed in with `token`. */
export function uploadParts(
  app: FastifyInstance,
  url: string,
  token: string,
  parts: Part[],
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, parts);
  return app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}
