import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../scripts/build-if-stale.ts';
import { ROOT, startApp } from './harness.ts';
import { serveSharedApps } from './shared-apps.ts';

// e2e tests run against the production build of the web app, so build it once before any file
// starts; then one server per database kind serves every file that does not ask for its own (started
// on first use, so a run of one file starts only what that file needs).
export default async function setup(project: TestProject) {
  buildWebIfStale();
  const shared = await serveSharedApps(
    (kind) => startApp({ database: kind, own: true }),
    path.join(ROOT, '.test-results'),
  );
  project.provide('atriumSharedApps', shared.url);
  return () => shared.close();
}
