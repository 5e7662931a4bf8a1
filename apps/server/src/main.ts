import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDatabaseLock } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { buildApp } from './app.ts';
import { startJanus } from './voice/janusProcess.ts';

const started = performance.now();
const config = loadConfig();
// The embedded database may be opened by one process at a time (the admin CLI checks this lock).
const releaseLock = config.database.kind === 'pglite' && config.database.dir ? acquireDatabaseLock(config.database.dir) : () => {};
// Voice: a Janus child process on loopback when the package is installed and no VOICE_URL is given.
const janus = config.voice.mode === 'auto' && !config.voice.janus ? await startJanus(console) : null;
if (janus) config.voice.janus = janus;
const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });
if (config.seed) await seed(database.db, app.log);

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await janus?.stop();
  releaseLock();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(
  { url: config.publicUrl, database: config.database.kind, readyMs: Math.round(performance.now() - started) },
  `Atrium is ready on ${config.publicUrl}`,
);
