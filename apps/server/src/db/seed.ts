import { newId } from './newId.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';
import { LICENSES } from '@atrium/shared';
import { faqs, licenses, seedRuns } from './schema/index.ts';
import { demoRefreshStepName, refreshDemoSpaces, seedDemoSpaces } from './seed-data/seed-demo-spaces.ts';
import { contentHash, loadFaqs, seedResources } from './seed-data/resources.ts';
import { lobbyStepName, seedLobby } from './seed-data/seed-lobby.ts';

interface SeedStep {
  step: string;
  run(db: Db): Promise<void>;
}

/** Named, append-only seed steps; each runs once per database, so restarts never duplicate content. */
const steps: SeedStep[] = [
  {
    step: '0001-faqs',
    async run(db) {
      await db
        .insert(faqs)
        .values(loadFaqs().map((f) => ({ id: newId(), ...f })))
        .onConflictDoNothing({ target: faqs.slug });
    },
  },
  { step: '0002-demo-spaces', run: seedDemoSpaces },
  {
    step: '0003-licenses',
    async run(db) {
      await db
        .insert(licenses)
        .values(LICENSES.map((l, position) => ({ id: l.licenseId, title: l.title, url: l.url, position })))
        .onConflictDoNothing({ target: licenses.id });
    },
  },
  // Named after the content files' hash: a release that adds articles or terms runs it again, and it
  // only inserts slugs that are not there yet.
  { step: `0004-resources-${contentHash()}`, run: (db) => seedResources(db) },
  // The 3D lobby behind "Explore in 3D": rebuilt whenever the featured list (keys, titles) changes.
  // Named after the demo catalogue: a release that changes a demo space's document or texts brings
  // databases seeded before it up to date (0002 only fills in missing spaces). Listed before the
  // lobby, whose portal labels read the spaces' titles when both run in one start.
  { step: demoRefreshStepName(), run: refreshDemoSpaces },
  { step: lobbyStepName(), run: seedLobby },
];

export async function seed(db: Db, log?: FastifyBaseLogger): Promise<string[]> {
  const ran: string[] = [];
  for (const s of steps) {
    const applied = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ step: s.step })
        .onConflictDoNothing()
        .returning({ step: seedRuns.step });
      if (claimed.length === 0) return false;
      await s.run(tx as unknown as Db);
      return true;
    });
    if (applied) {
      ran.push(s.step);
      log?.info({ step: s.step }, 'seeded');
    }
  }
  return ran;
}
