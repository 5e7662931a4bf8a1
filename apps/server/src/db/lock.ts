import fs from 'node:fs';
import path from 'node:path';

// The embedded PGlite database is a folder one process may open at a time; a second opener corrupts it.
// The server (and the admin CLI while it works) hold DATA_DIR/db/atrium.lock with their pid.

const LOCK_NAME = 'atrium.lock';

export class DatabaseLockedError extends Error {
  readonly pid: number;
  constructor(pid: number, file: string) {
    super(
      `The embedded database in ${path.dirname(file)} is in use by a running Atrium process (pid ${pid}). ` +
        'Stop the server first, or point DATABASE_URL at PostgreSQL to run admin commands while it serves.',
    );
    this.name = 'DatabaseLockedError';
    this.pid = pid;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid holding the lock, or null when free (a lock left by a dead process counts as free). */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, LOCK_NAME), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DatabaseLockedError; returns the release function. */
export function acquireDatabaseLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dir);
      if (holder) throw new DatabaseLockedError(holder, file);
      // Stale: its process is gone. Remove it and try again (another starter may win the race).
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the database lock ${file}`);
}
