import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

// The database half of a backup: every table of the current schema as JSON lines (row_to_json), read
// in one repeatable-read snapshot, and written back with json_populate_recordset, which parses each
// value with its column type's own input function. The same text round-trips on PGlite and
// PostgreSQL, so an embedded backup can be restored on PostgreSQL and back.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Pick<Db, 'execute'> | Tx;

/** The table that records applied migrations: compared, never copied (both sides migrate themselves). */
export const MIGRATIONS_TABLE = 'atrium_migrations';
const PAGE = 2000;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rows<T>(db: Runner, text: string): Promise<T[]> {
  const res = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return res.rows;
}

export async function listTables(db: Runner): Promise<string[]> {
  const r = await rows<{ name: string }>(
    db,
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return r.map((x) => x.name);
}

export async function appliedMigrations(db: Runner): Promise<number[]> {
  return (await rows<{ idx: number }>(db, `select idx from ${MIGRATIONS_TABLE} order by idx`)).map((r) => Number(r.idx));
}

export interface TableDump {
  name: string;
  rows: number;
}

/**
 * Writes `<dir>/<table>.jsonl` for every table in one snapshot; answers the migrations the rows
 * belong to and each table's row count.
 */
export async function dumpDatabase(db: Db, dir: string): Promise<{ migrations: number[]; tables: TableDump[] }> {
  return db.transaction(
    async (tx) => {
      const migrations = await appliedMigrations(tx);
      const tables: TableDump[] = [];
      for (const name of await listTables(tx)) {
        if (name === MIGRATIONS_TABLE) continue;
        const out = fs.createWriteStream(`${dir}/${name}.jsonl`);
        let count = 0;
        // A cursor keeps memory flat on big tables; it lives inside this transaction.
        await tx.execute(sql.raw(`declare atrium_dump no scroll cursor for select row_to_json(t)::text as j from ${q(name)} t`));
        for (;;) {
          const page = await rows<{ j: string }>(tx, `fetch ${PAGE} from atrium_dump`);
          if (!page.length) break;
          count += page.length;
          if (!out.write(page.map((r) => r.j).join('\n') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await tx.execute(sql.raw('close atrium_dump'));
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        tables.push({ name, rows: count });
      }
      return { migrations, tables };
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** True when the database already holds people or spaces (a restore would replace them). */
export async function holdsData(db: Db): Promise<boolean> {
  const r = await rows<{ n: number }>(db, 'select (select count(*) from users) + (select count(*) from scenes) as n');
  return Number(r[0]?.n ?? 0) > 0;
}

/**
 * Replaces every table's rows with the dump's, in one transaction: foreign keys are dropped and added
 * back (validated) around the load, user triggers are off during it (derived tables such as the
 * Explore rank come from the dump as they were), and serial sequences continue after the largest id.
 * Any failure rolls everything back.
 */
export async function loadDatabase(db: Db, dir: string, tables: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const present = (await listTables(tx)).filter((t) => t !== MIGRATIONS_TABLE);
    const missing = present.filter((t) => !tables.includes(t));
    const unknown = tables.filter((t) => !present.includes(t));
    if (missing.length || unknown.length)
      throw new Error(`the archive's tables do not match this database (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`);

    const fks = await rows<{ tbl: string; name: string; def: string }>(
      tx,
      `select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
         from pg_constraint k join pg_class c on c.oid = k.conrelid
        where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`,
    );
    for (const fk of fks) await tx.execute(sql.raw(`alter table ${q(fk.tbl)} drop constraint ${q(fk.name)}`));
    for (const t of present) await tx.execute(sql.raw(`alter table ${q(t)} disable trigger user`));
    if (present.length) await tx.execute(sql.raw(`truncate ${present.map(q).join(', ')}`));

    for (const t of present) {
      const cols = (
        await rows<{ name: string }>(
          tx,
          `select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = '${t.replaceAll("'", "''")}' and is_generated = 'NEVER'
            order by ordinal_position`,
        )
      ).map((c) => q(c.name));
      const insert = async (batch: string[]) => {
        const json = `[${batch.join(',')}]`;
        await tx.execute(
          sql`${sql.raw(`insert into ${q(t)} (${cols.join(', ')}) overriding system value select ${cols.join(', ')} from json_populate_recordset(null::${q(t)}, `)}${json}::json)`,
        );
      };
      const lines = readline.createInterface({ input: fs.createReadStream(`${dir}/${t}.jsonl`), crlfDelay: Infinity });
      let batch: string[] = [];
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= 500) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length) await insert(batch);
    }

    const serials = await rows<{ tbl: string; col: string; seq: string }>(
      tx,
      `select table_name as tbl, column_name as col, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
         from information_schema.columns
        where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const s of serials)
      await tx.execute(
        sql.raw(`select setval('${s.seq.replaceAll("'", "''")}', coalesce((select max(${q(s.col)}) from ${q(s.tbl)}), 0) + 1, false)`),
      );
    for (const t of present) await tx.execute(sql.raw(`alter table ${q(t)} enable trigger user`));
    for (const fk of fks) await tx.execute(sql.raw(`alter table ${q(fk.tbl)} add constraint ${q(fk.name)} ${fk.def}`));
  });
}
