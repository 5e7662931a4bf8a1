import type { Config } from '../config.ts';
import { InProcessQueue } from './inProcess.ts';
import { PgBossQueue } from './pgBoss.ts';
import type { JobQueue, QueueLog } from './queue.ts';

export type { JobQueue, JobSpec, QueueDepth } from './queue.ts';
export { InProcessQueue } from './inProcess.ts';
export { PgBossQueue } from './pgBoss.ts';

/** pg-boss's schema beside Atrium's: `<DATABASE_SCHEMA>_jobs`, or `atrium_jobs` for the default schema. */
export const jobsSchema = (schema?: string) => `${schema ?? 'atrium'}_jobs`;

/** The shared PostgreSQL queue when DATABASE_URL is set; the in-process one on the embedded database. */
export function createJobQueue(config: Config, log?: QueueLog): JobQueue {
  if (config.database.kind === 'postgres')
    return new PgBossQueue({ connectionString: config.database.url, schema: jobsSchema(config.database.schema), ...(log ? { log } : {}) });
  return new InProcessQueue(log);
}
