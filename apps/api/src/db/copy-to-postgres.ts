/**
 * Copies a store's rows from one database to another of the same migrations: the embedded
 * PGlite into an empty PostgreSQL server (`npm run db:copy-to-postgres`). Every table of the
 * `public` schema (drizzle's migrations table lives in its own schema, which the target got from
 * migrating) is read through a cursor and written in multi-row INSERTs, parents before children
 * (the order comes from the source's foreign keys), inside one transaction on the target, so a
 * failure leaves the target empty. Values travel as their text form and are cast back to the
 * column's type, which keeps jsonb, arrays, numeric, bytea and microsecond timestamps exact;
 * generated columns are left to the target to compute. Sequences are set to the source's last
 * value (or their column's maximum, for serial and identity columns).
 *
 * Store data on the target means a row in a table no migration writes to: the rows a migration
 * puts in (the default tax rate) are replaced by the source's, which got the same ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, queryRows, type Db } from './client';

/** Rows of one table: as read from the source and as counted on the target before the commit. */
export type TableCount = { table: string; source: number; target: number };

export type CopyReport = {
  /** In the order they were copied (parents first). */
  tables: TableCount[];
  /** Each sequence set on the target, with the value its next call answers. */
  sequences: { sequence: string; next: bigint }[];
};

/** The target already holds store rows; nothing was written. */
export class TargetNotEmptyError extends Error {
  constructor(readonly tables: { table: string; rows: number }[]) {
    const list = tables.map((t) => `${t.table} (${t.rows} rows)`).join(', ');
    super(`The target database already holds store data: ${list}. Copy only into an empty database.`);
  }
}

/** A table's rows counted differently on the two sides; the copy was rolled back. */
export class CountMismatchError extends Error {
  constructor(readonly counts: TableCount[]) {
    const wrong = counts.filter((c) => c.source !== c.target).map((c) => `${c.table} ${c.source} → ${c.target}`);
    super(`Row counts differ after the copy (${wrong.join(', ')}); the target was left empty.`);
  }
}

type Column = { name: string; type: string };
type Table = { name: string; columns: Column[]; identityAlways: boolean };
type ForeignKey = { table: string; references: string; columns: string[]; referencedColumns: string[] };

/** PostgreSQL's limit of bind parameters in one statement. */
const MAX_PARAMETERS = 65_535;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readTables(db: Db): Promise<Table[]> {
  const rows = await queryRows<{ table: string; column: string; type: string; identity: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type,
          a.attidentity AS identity
        FROM pg_class c
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> '__drizzle_migrations'
        ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], identityAlways: false };
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity === 'a') table.identityAlways = true;
    tables.set(row.table, table);
  }
  return [...tables.values()];
}

async function readForeignKeys(db: Db): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`SELECT src.relname AS "table", ref.relname AS "references",
          (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
          (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS "referencedColumns"
        FROM pg_constraint c
        JOIN pg_class src ON src.oid = c.conrelid
        JOIN pg_class ref ON ref.oid = c.confrelid
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
}

/** Tables with every table they reference before them; throws on a cycle between tables. */
function parentsFirst(tables: Table[], keys: ForeignKey[]): Table[] {
  const pending = new Map(tables.map((t) => [t.name, t]));
  const ordered: Table[] = [];
  while (pending.size) {
    const ready = [...pending.values()].filter(
      (t) => !keys.some((k) => k.table === t.name && k.references !== t.name && pending.has(k.references)),
    );
    if (!ready.length) throw new Error(`Foreign keys form a cycle between: ${[...pending.keys()].join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t.name);
    }
  }
  return ordered;
}

/**
 * The SELECT that reads a table as text. A table that references itself (a category's parent)
 * is read by depth in its tree, so a parent lands in an earlier batch than its children.
 */
function selectAsText(table: Table, selfKeys: ForeignKey[]): string {
  const columns = table.columns.map((c, i) => `t.${quote(c.name)}::text AS c${i}`).join(', ');
  const from = `${quote(table.name)} t`;
  if (!selfKeys.length) return `SELECT ${columns} FROM ${from}`;
  const tuple = (alias: string, names: string[]) => `(${names.map((n) => `${alias}.${quote(n)}`).join(', ')})`;
  // A key with a null column is not checked (MATCH SIMPLE), and a row may name itself.
  const isRoot = selfKeys
    .map(
      (k) =>
        `(${k.columns.map((n) => `r.${quote(n)} IS NULL`).join(' OR ')} OR ${tuple('r', k.columns)} = ${tuple('r', k.referencedColumns)})`,
    )
    .join(' AND ');
  const isChild = selfKeys.map((k) => `${tuple('c', k.columns)} = ${tuple('p', k.referencedColumns)}`).join(' OR ');
  return `WITH RECURSIVE tree(row, depth) AS (
      SELECT r.ctid, 0 FROM ${quote(table.name)} r WHERE ${isRoot}
      UNION ALL
      SELECT c.ctid, tree.depth + 1 FROM tree
        JOIN ${quote(table.name)} p ON p.ctid = tree.row
        JOIN ${quote(table.name)} c ON (${isChild}) AND c.ctid <> p.ctid
    )
    SELECT ${columns} FROM ${from}
    LEFT JOIN (SELECT row, max(depth) AS depth FROM tree GROUP BY row) d ON d.row = t.ctid
    ORDER BY d.depth NULLS LAST`;
}

/** The tables some committed migration inserts rows into. */
function tablesMigrationsFill(): Set<string> {
  const tables = new Set<string>();
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const match of text.matchAll(/INSERT INTO "(?:public"\.")?([^"]+)"/gi)) tables.add(match[1]!);
  }
  return tables;
}

async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${quote(table)}`));
  return row!.n;
}

async function copyTable(source: Db, target: Db, table: Table, selfKeys: ForeignKey[], batchSize: number) {
  const perInsert = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const into = sql.raw(
    `INSERT INTO ${quote(table.name)} (${table.columns.map((c) => quote(c.name)).join(', ')})` +
      (table.identityAlways ? ' OVERRIDING SYSTEM VALUE' : ''),
  );
  const casts = table.columns.map((c) => sql.raw(`::${c.type}`));
  await source.execute(sql.raw(`DECLARE store_copy NO SCROLL CURSOR FOR ${selectAsText(table, selfKeys)}`));
  for (;;) {
    const rows = await queryRows<Record<string, string | null>>(source, sql.raw(`FETCH ${perInsert} FROM store_copy`));
    if (!rows.length) break;
    const values = rows.map(
      (row) =>
        sql`(${sql.join(
          casts.map((cast, i) => sql`${row[`c${i}`]}${cast}`),
          sql`, `,
        )})`,
    );
    await target.execute(sql`${into} VALUES ${sql.join(values, sql`, `)}`);
  }
  await source.execute(sql`CLOSE store_copy`);
}

/** Sets each of the source's sequences on the target: the source's last value, or above its column's largest. */
async function copySequences(source: Db, target: Db): Promise<CopyReport['sequences']> {
  const sequences = await queryRows<{ name: string; last: string | null }>(
    source,
    sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const set: CopyReport['sequences'] = [];
  for (const { name, last } of sequences) {
    const [owner] = await queryRows<{ table: string; column: string }>(
      target,
      sql`SELECT c.relname AS "table", a.attname AS "column"
          FROM pg_depend d
          JOIN pg_class c ON c.oid = d.refobjid
          JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
          WHERE d.classid = 'pg_class'::regclass AND d.objid = format('public.%I', ${name}::text)::regclass
            AND d.deptype IN ('a', 'i')`,
    );
    let value = last === null ? 0n : BigInt(last);
    if (owner) {
      const [max] = await queryRows<{ max: string | null }>(
        target,
        sql.raw(`SELECT max(${quote(owner.column)})::text AS max FROM ${quote(owner.table)}`),
      );
      if (max?.max && BigInt(max.max) > value) value = BigInt(max.max);
    }
    // A sequence never called on the source keeps the start value the migration gave it.
    if (value === 0n) continue;
    await target.execute(
      sql`SELECT setval(format('public.%I', ${name}::text)::regclass, ${String(value)}::bigint, true)`,
    );
    set.push({ sequence: name, next: value + 1n });
  }
  return set;
}

/**
 * Copies every row of `source` into `target`; both must be migrated to the same schema. Throws
 * TargetNotEmptyError when a target table has a row, CountMismatchError when a table's count
 * differs after the copy, or the database's error (a value the target refuses); in every case
 * the target's transaction is rolled back. `batchSize` rows go in one INSERT (fewer for wide
 * tables: a statement takes at most 65,535 values); `onTable` hears each table once copied.
 */
export async function copyStore(
  source: Db,
  target: Db,
  { batchSize = 1000, onTable }: { batchSize?: number; onTable?: (count: TableCount) => void } = {},
): Promise<CopyReport> {
  return source.transaction(async (src) => {
    // One snapshot of the source for every table, and a text form both sides read alike.
    await src.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    await src.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    await src.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
    await src.execute(sql`SET LOCAL IntervalStyle = 'postgres'`);
    await src.execute(sql`SET LOCAL bytea_output = 'hex'`);
    await src.execute(sql`SET LOCAL extra_float_digits = 3`);
    const keys = await readForeignKeys(src);
    const tables = parentsFirst(await readTables(src), keys);

    return target.transaction(async (tx) => {
      const migrated = tablesMigrationsFill();
      const filled: { table: string; rows: number }[] = [];
      for (const table of tables) {
        const rows = await countRows(tx, table.name);
        if (rows && !migrated.has(table.name)) filled.push({ table: table.name, rows });
      }
      if (filled.length) throw new TargetNotEmptyError(filled);
      for (const table of [...tables].reverse()) {
        if (migrated.has(table.name)) await tx.execute(sql.raw(`DELETE FROM ${quote(table.name)}`));
      }

      const counts: TableCount[] = [];
      for (const table of tables) {
        const selfKeys = keys.filter((k) => k.table === table.name && k.references === table.name);
        await copyTable(src, tx, table, selfKeys, batchSize);
        const count = {
          table: table.name,
          source: await countRows(src, table.name),
          target: await countRows(tx, table.name),
        };
        counts.push(count);
        onTable?.(count);
      }
      if (counts.some((c) => c.source !== c.target)) throw new CountMismatchError(counts);
      return { tables: counts, sequences: await copySequences(src, tx) };
    });
  });
}
