/**
 * The registry of personal data against the schema (docs/behaviour.md "Data rights: export,
 * erasure, retention"): every table with a user id column, a column pointing at users.id, or an
 * email or phone column is listed (or declared the store's own), and every listed table exists.
 * A table added without an entry fails here with its name, so it is never left out of the
 * summary, the export or the erasure.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { NOT_SHOPPER_DATA, PERSONAL_DATA } from './registry';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Why `table` holds a shopper's data, or null when it does not. */
function personalColumns(table: PgTable): string | null {
  const config = getTableConfig(table);
  const byName = config.columns.find((c) => c.name === 'user_id');
  if (byName) return 'a user_id column';
  const fk = config.foreignKeys.find((f) => getTableConfig(f.reference().foreignTable).name === 'users');
  if (fk) return 'a column referencing users.id';
  const contact = config.columns.find((c) => c.name === 'email' || c.name === 'phone');
  if (contact && config.name !== 'users') return `a ${contact.name} column`;
  return null;
}

/** The tables among `candidates` holding personal data with no registry entry, each with why. */
function unlisted(candidates: readonly PgTable[]): string[] {
  const listed = new Set([...PERSONAL_DATA.map((e) => e.table), ...NOT_SHOPPER_DATA]);
  return candidates.flatMap((table) => {
    const why = personalColumns(table);
    const name = getTableConfig(table).name;
    return why && !listed.has(name) ? [`${name} (${why})`] : [];
  });
}

describe('registry of personal data', () => {
  test('every table of the schema holding a shopper’s data is in the registry', () => {
    assert.ok(tables.length > 40, 'the schema was read');
    const missing = unlisted(tables);
    assert.deepEqual(missing, [], `not in privacy/registry.ts: ${missing.join(', ')}`);
  });

  test('a new table with a user id, a users.id reference or a phone column fails, named', () => {
    const planted = [
      pgTable('gift_messages', { id: uuid('id').primaryKey(), userId: uuid('user_id') }),
      pgTable('loyalty_points', {
        id: uuid('id').primaryKey(),
        holder: uuid('holder').references(() => schema.users.id),
      }),
      pgTable('callback_requests', { id: uuid('id').primaryKey(), phone: text('phone') }),
    ];
    assert.deepEqual(unlisted(planted), [
      'gift_messages (a user_id column)',
      'loyalty_points (a column referencing users.id)',
      'callback_requests (a phone column)',
    ]);
  });

  test('every registry entry names a table of the schema, once', () => {
    const names = new Set(tables.map((t) => getTableConfig(t).name));
    for (const entry of PERSONAL_DATA) assert.ok(names.has(entry.table), `${entry.table} is not in the schema`);
    assert.equal(new Set(PERSONAL_DATA.map((e) => e.table)).size, PERSONAL_DATA.length);
  });

  test('tables with secrets leave them out of the export', () => {
    const secretOf = (table: string) => PERSONAL_DATA.find((e) => e.table === table)?.secret ?? [];
    assert.ok(secretOf('users').includes('password_hash'));
    assert.ok(secretOf('users').includes('google_sub'));
    assert.ok(secretOf('one_time_codes').includes('code_hash'));
    assert.ok(secretOf('phone_codes').includes('code_hash'));
    assert.ok(secretOf('sessions').includes('id'));
  });
});
