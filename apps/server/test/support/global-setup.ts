import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A tarball of an in-memory PGlite with every migration applied (support/db.ts loads it). */
    atriumPgliteTemplate?: string;
  }
}

// Server test files each open fresh PGlite databases; migrating an empty one costs several times
// more than loading an already migrated dump, so the dump is made once per run here.
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const h = await openPglite(null);
  await migrate(h);
  fs.writeFileSync(file, Buffer.from(await (await h.dumpDataDir!()).arrayBuffer()));
  await h.close();
  project.provide('atriumPgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
