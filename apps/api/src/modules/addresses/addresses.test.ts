/**
 * Addresses: the India Post directory (pincode lookup, states, names and codes), the shipping
 * address rules (unknown pincode, pincode–state mismatch, bad phone, country), the address
 * book through HTTP (login, CRUD, one default, limit, someone else's ids, concurrency), the
 * profile's addresses being the book, and migration 0007 copying the old profile addresses.
 *
 * @postgres: concurrent address-book writes, and migration 0007 on a server database.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  ADDRESS_MESSAGES,
  AUTH_MESSAGES,
  MAX_SAVED_ADDRESSES,
  VALIDATION_MESSAGES,
  pincodeStateMismatch,
  type Address,
  type AddressBookEntry,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MEMORY, MIGRATIONS_DIR, openDatabase, queryRows, type Database } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { bearer, freshIp, fromStorefront, multipart, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { PincodeDirectory } from './pincodes';
import { PINCODE_LOOKUP_LIMIT } from './routes';
import { checkShippingAddress } from './validate';

let ctx: TestContext;
const dir = PincodeDirectory.load();

before(async () => {
  ctx = await createTestApp({ seed: false });
});
after(() => ctx.close());

const HOME: Address = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  phone: '9876543210',
};
const OFFICE: Address = {
  ...HOME,
  street: '4, Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400001',
};
const PARENTS: Address = { ...HOME, street: '7, Rajpath', city: 'New Delhi', state: 'Delhi', postalCode: '110001' };

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  account: Account | null,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(account ? bearer(account.token) : {}), ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

const book = async (account: Account): Promise<AddressBookEntry[]> =>
  (await call('GET', '/addresses', account)).body.data.addresses;

describe('the pincode directory', () => {
  test('GET /addresses/pincode/{pincode}: the district as the city, the state and its GST code', async () => {
    const res = await call('GET', '/addresses/pincode/560001', null);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      success: true,
      data: { pincode: '560001', city: 'Bengaluru Urban', state: 'Karnataka', stateCode: '29', states: ['Karnataka'] },
    });
  });

  test('a pincode that crosses a state border lists both states, the main one first', async () => {
    const res = await call('GET', '/addresses/pincode/605007', null);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, {
      pincode: '605007',
      city: 'Pondicherry',
      state: 'Puducherry',
      stateCode: '34',
      states: ['Puducherry', 'Tamil Nadu'],
    });
  });

  test('an unknown pincode is 404; one the source gives no state (a delivery centre) is unknown too', async () => {
    for (const pincode of ['999999', '400111']) {
      const res = await call('GET', `/addresses/pincode/${pincode}`, null);
      assert.equal(res.status, 404, pincode);
      assert.deepEqual(res.body, { success: false, message: ADDRESS_MESSAGES.pincodeUnknown });
    }
  });

  test('a malformed pincode is 400 with the form message', async () => {
    for (const pincode of ['056001', '56001', '5600011', 'abcdef']) {
      const res = await call('GET', `/addresses/pincode/${pincode}`, null);
      assert.equal(res.status, 400, pincode);
      assert.equal(res.body.message, VALIDATION_MESSAGES.postalCode);
    }
  });

  test('lookups are rate limited per client', async () => {
    const ip = freshIp();
    const lookup = () => ctx.app.inject({ method: 'GET', url: '/addresses/pincode/110001', remoteAddress: ip });
    for (let i = 0; i < PINCODE_LOOKUP_LIMIT.max; i++) assert.equal((await lookup()).statusCode, 200);
    const refused = await lookup();
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, AUTH_MESSAGES.tooManyRequests);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const other = await ctx.app.inject({ method: 'GET', url: '/addresses/pincode/110001', remoteAddress: freshIp() });
    assert.equal(other.statusCode, 200, 'another client is not affected');
  });

  test('GET /addresses/states: the 36 states and union territories by name, without legacy codes', async () => {
    const res = await call('GET', '/addresses/states', null);
    assert.equal(res.status, 200);
    const states: { code: string; name: string }[] = res.body.data.states;
    assert.equal(states.length, 36);
    assert.deepEqual(
      states.map((s) => s.name),
      [...states.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en-IN')),
    );
    assert.deepEqual(
      states.find((s) => s.code === '29'),
      { code: '29', name: 'Karnataka' },
    );
    assert.equal(states.find((s) => s.code === '35')?.name, 'Andaman and Nicobar Islands');
    assert.equal(states.find((s) => s.code === '01')?.name, 'Jammu and Kashmir');
    for (const legacy of ['25', '28', '97', '99']) assert.ok(!states.some((s) => s.code === legacy), legacy);
  });

  test('state names in any case, with & or "and", former names and codes all give the GST code', () => {
    for (const [given, code] of [
      ['Karnataka', '29'],
      ['karnataka', '29'],
      ['KARNATAKA', '29'],
      [' 29 ', '29'],
      ['7', '07'],
      ['Jammu & Kashmir', '01'],
      ['THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU', '26'],
      ['Dadra & Nagar Haveli and Daman & Diu', '26'],
      ['Orissa', '21'],
      ['Pondicherry', '34'],
    ] as const) {
      assert.equal(dir.stateCode(given), code, given);
    }
    for (const unknown of ['Atlantis', '25', '97', '00', '']) assert.equal(dir.stateCode(unknown), null, unknown);
    assert.equal(dir.stateName('29'), 'Karnataka');
    assert.equal(dir.stateName('28'), null);
  });
});

describe('checkShippingAddress', () => {
  test('a real address passes with the state written properly and its GST code', () => {
    for (const state of ['karnataka', 'KARNATAKA', 'Karnataka', '29']) {
      const checked = checkShippingAddress(dir, { ...HOME, state });
      assert.deepEqual(checked, { address: HOME, stateCode: '29' });
    }
  });

  test('the city is kept as written; an empty one becomes the district', () => {
    assert.equal(checkShippingAddress(dir, { ...HOME, city: 'Shivajinagar' }).address.city, 'Shivajinagar');
    assert.equal(checkShippingAddress(dir, { ...HOME, city: ' ' }).address.city, 'Bengaluru Urban');
  });

  test('an unknown pincode and a pincode of another state are refused with their messages', () => {
    assert.throws(
      () => checkShippingAddress(dir, { ...HOME, postalCode: '999999' }),
      new ValidationError(ADDRESS_MESSAGES.pincodeUnknown),
    );
    assert.throws(
      () => checkShippingAddress(dir, { ...HOME, state: 'Tamil Nadu' }),
      new ValidationError(pincodeStateMismatch('560001', 'Karnataka')),
    );
    assert.throws(
      () => checkShippingAddress(dir, { ...HOME, state: 'Atlantis' }),
      new ValidationError(pincodeStateMismatch('560001', 'Karnataka')),
    );
  });

  test('a border pincode accepts either of its states and names both when neither is given', () => {
    const border = { ...HOME, postalCode: '605007', city: 'Puducherry' };
    assert.equal(checkShippingAddress(dir, { ...border, state: 'puducherry' }).stateCode, '34');
    assert.equal(checkShippingAddress(dir, { ...border, state: 'Tamil Nadu' }).stateCode, '33');
    assert.throws(
      () => checkShippingAddress(dir, { ...border, state: 'Kerala' }),
      new ValidationError(pincodeStateMismatch('605007', 'Puducherry or Tamil Nadu')),
    );
  });

  test('outside India is refused', () => {
    assert.throws(
      () => checkShippingAddress(dir, { ...HOME, country: 'Nepal' as 'India' }),
      new ValidationError(VALIDATION_MESSAGES.country),
    );
  });
});

describe('the address book', () => {
  test('every call needs a session: 401 Authentication required, whatever the body', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', '/addresses', undefined],
      ['POST', '/addresses', HOME],
      ['POST', '/addresses', { nonsense: true }],
      ['PUT', `/addresses/${id}`, HOME],
      ['DELETE', `/addresses/${id}`, undefined],
      ['POST', `/addresses/${id}/default`, undefined],
    ] as const) {
      const res = await call(method, url, null, payload);
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.equal(res.body.message, AUTH_MESSAGES.authRequired);
    }
  });

  test('adding: the first becomes the default, the state is normalised, the answer lists the book', async () => {
    const account = await register(ctx.app);
    assert.deepEqual(await book(account), []);
    const first = await call('POST', '/addresses', account, { ...HOME, state: 'KARNATAKA', phone: '+91 9876543210' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.message, ADDRESS_MESSAGES.saved);
    const entry: AddressBookEntry = first.body.data.address;
    assert.deepEqual(
      { ...entry, id: undefined, createdAt: undefined },
      {
        ...HOME,
        id: undefined,
        createdAt: undefined,
        isDefault: true,
      },
    );
    const second = await call('POST', '/addresses', account, OFFICE);
    assert.equal(second.body.data.address.isDefault, false);
    assert.deepEqual(
      second.body.data.addresses.map((a: AddressBookEntry) => [a.street, a.isDefault]),
      [
        [HOME.street, true],
        [OFFICE.street, false],
      ],
    );
  });

  test('adding with isDefault makes it the default and the old one ordinary', async () => {
    const account = await register(ctx.app);
    await call('POST', '/addresses', account, HOME);
    const res = await call('POST', '/addresses', account, { ...OFFICE, isDefault: true });
    assert.equal(res.status, 201);
    assert.deepEqual(
      (await book(account)).map((a) => [a.postalCode, a.isDefault]),
      [
        ['400001', true],
        ['560001', false],
      ],
    );
  });

  test('invalid addresses are refused with the reason, and nothing is saved', async () => {
    const account = await register(ctx.app);
    const cases: [object, string][] = [
      [{ ...HOME, postalCode: '999999' }, ADDRESS_MESSAGES.pincodeUnknown],
      [{ ...HOME, state: 'Maharashtra' }, pincodeStateMismatch('560001', 'Karnataka')],
      [{ ...HOME, postalCode: '056001' }, VALIDATION_MESSAGES.postalCode],
      [{ ...HOME, phone: '5876543210' }, VALIDATION_MESSAGES.phone],
      [{ ...HOME, phone: '98765' }, VALIDATION_MESSAGES.phone],
      [{ ...HOME, country: 'Nepal' }, VALIDATION_MESSAGES.country],
      [{ ...HOME, city: '' }, VALIDATION_MESSAGES.city],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/addresses', account, payload);
      assert.equal(res.status, 400, JSON.stringify(payload));
      assert.deepEqual(res.body, { success: false, message });
    }
    assert.deepEqual(await book(account), []);
  });

  test('editing: the address changes, isDefault: true moves the default, a bad address changes nothing', async () => {
    const account = await register(ctx.app);
    const home: AddressBookEntry = (await call('POST', '/addresses', account, HOME)).body.data.address;
    const office: AddressBookEntry = (await call('POST', '/addresses', account, OFFICE)).body.data.address;
    const edited = await call('PUT', `/addresses/${office.id}`, account, { ...OFFICE, street: '5, Marine Drive' });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.message, ADDRESS_MESSAGES.updated);
    assert.equal(edited.body.data.address.street, '5, Marine Drive');
    assert.equal(edited.body.data.address.isDefault, false);

    const promoted = await call('PUT', `/addresses/${office.id}`, account, { ...OFFICE, isDefault: true });
    assert.equal(promoted.status, 200);
    assert.deepEqual(
      promoted.body.data.addresses.map((a: AddressBookEntry) => [a.id, a.isDefault]),
      [
        [office.id, true],
        [home.id, false],
      ],
    );
    const kept = await call('PUT', `/addresses/${office.id}`, account, { ...OFFICE, isDefault: false });
    assert.equal(kept.body.data.address.isDefault, true, 'the book keeps a default until another is chosen');

    const bad = await call('PUT', `/addresses/${home.id}`, account, { ...HOME, state: 'Kerala' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, pincodeStateMismatch('560001', 'Karnataka'));
    assert.equal((await book(account)).find((a) => a.id === home.id)?.state, 'Karnataka');
  });

  test('setting the default unsets the old one; exactly one default at any time', async () => {
    const account = await register(ctx.app);
    const ids: string[] = [];
    for (const address of [HOME, OFFICE, PARENTS]) {
      ids.push((await call('POST', '/addresses', account, address)).body.data.address.id);
    }
    const res = await call('POST', `/addresses/${ids[2]}/default`, account);
    assert.equal(res.status, 200);
    assert.equal(res.body.message, ADDRESS_MESSAGES.defaultSet);
    assert.deepEqual(
      res.body.data.addresses.map((a: AddressBookEntry) => [a.id, a.isDefault]),
      [
        [ids[2], true],
        [ids[0], false],
        [ids[1], false],
      ],
    );
    const again = await call('POST', `/addresses/${ids[2]}/default`, account);
    assert.equal(again.status, 200, 'choosing the default again is fine');

    // Many at once: the partial unique index and the per-user lock leave one default.
    const results = await Promise.all(
      ids.flatMap((id) => [id, id]).map((id) => call('POST', `/addresses/${id}/default`, account)),
    );
    assert.ok(results.every((r) => r.status === 200));
    assert.equal((await book(account)).filter((a) => a.isDefault).length, 1);
  });

  test('deleting the default makes the newest remaining one the default; deleting the last leaves none', async () => {
    const account = await register(ctx.app);
    const ids: string[] = [];
    for (const address of [HOME, OFFICE, PARENTS]) {
      ids.push((await call('POST', '/addresses', account, address)).body.data.address.id);
    }
    const res = await call('DELETE', `/addresses/${ids[0]}`, account);
    assert.equal(res.status, 200);
    assert.equal(res.body.message, ADDRESS_MESSAGES.deleted);
    assert.deepEqual(
      res.body.data.addresses.map((a: AddressBookEntry) => [a.id, a.isDefault]),
      [
        [ids[2], true],
        [ids[1], false],
      ],
    );
    await call('DELETE', `/addresses/${ids[1]}`, account);
    assert.deepEqual(
      (await book(account)).map((a) => [a.id, a.isDefault]),
      [[ids[2], true]],
      'deleting an ordinary address leaves the default',
    );
    await call('DELETE', `/addresses/${ids[2]}`, account);
    assert.deepEqual(await book(account), []);
    const gone = await call('DELETE', `/addresses/${ids[2]}`, account);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.message, ADDRESS_MESSAGES.notFound);
  });

  test(`at most ${MAX_SAVED_ADDRESSES} addresses, even when added all at once`, async () => {
    const account = await register(ctx.app);
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 2 }, (_, i) =>
        call('POST', '/addresses', account, { ...HOME, street: `${i + 1}, MG Road` }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, MAX_SAVED_ADDRESSES);
    for (const refused of results.filter((r) => r.status !== 201)) {
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, ADDRESS_MESSAGES.limit);
    }
    const saved = await book(account);
    assert.equal(saved.length, MAX_SAVED_ADDRESSES);
    assert.equal(saved.filter((a) => a.isDefault).length, 1);
  });

  test("someone else's address (or an id that names none) is 404 for every call, and stays as it was", async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const id: string = (await call('POST', '/addresses', owner, HOME)).body.data.address.id;
    await call('POST', '/addresses', owner, OFFICE);
    for (const target of [id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url, payload] of [
        ['PUT', `/addresses/${target}`, OFFICE],
        ['DELETE', `/addresses/${target}`, undefined],
        ['POST', `/addresses/${target}/default`, undefined],
      ] as const) {
        const res = await call(method, url, other, payload);
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.deepEqual(res.body, { success: false, message: ADDRESS_MESSAGES.notFound });
      }
    }
    assert.deepEqual(await book(other), []);
    assert.deepEqual(
      (await book(owner)).map((a) => [a.id, a.postalCode, a.isDefault]),
      [
        [id, '560001', true],
        [(await book(owner))[1]!.id, '400001', false],
      ],
    );
  });

  test('a cookie write must come from the storefront', async () => {
    const account = await register(ctx.app);
    const forged = await call('POST', '/addresses', null, HOME, { cookie: account.cookie, origin: 'http://evil.test' });
    assert.equal(forged.status, 403);
    assert.equal(forged.body.message, AUTH_MESSAGES.originNotAllowed);
    const real = await call('POST', '/addresses', null, HOME, fromStorefront(account.cookie));
    assert.equal(real.status, 201);
  });
});

describe("the profile's addresses are the address book", () => {
  async function putAddresses(account: Account, addresses: unknown) {
    const form = new FormData();
    form.set('addresses', JSON.stringify(addresses));
    const body = await multipart(form);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/profile/full',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
    return { status: res.statusCode, body: res.json() };
  }

  test('the profile form replaces the book in its order, the first the default; the user shows the book', async () => {
    const account = await register(ctx.app);
    await call('POST', '/addresses', account, PARENTS);
    const res = await putAddresses(account, [{ ...OFFICE, state: 'maharashtra' }, HOME]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data.user.addresses, [OFFICE, HOME]);
    assert.deepEqual(
      (await book(account)).map((a) => [a.postalCode, a.isDefault]),
      [
        ['400001', true],
        ['560001', false],
      ],
    );

    await call('POST', '/addresses', account, PARENTS);
    const me = await call('GET', '/auth/me', account);
    assert.deepEqual(me.body.data.user.addresses, [OFFICE, HOME, PARENTS]);
  });

  test('a profile address the directory refuses changes nothing', async () => {
    const account = await register(ctx.app);
    await putAddresses(account, [HOME]);
    const res = await putAddresses(account, [OFFICE, { ...HOME, state: 'Goa' }]);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, pincodeStateMismatch('560001', 'Karnataka'));
    assert.deepEqual((await call('GET', '/auth/me', account)).body.data.user.addresses, [HOME]);
  });

  test('an empty list empties the book', async () => {
    const account = await register(ctx.app);
    await putAddresses(account, [HOME, OFFICE]);
    const res = await putAddresses(account, []);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.user.addresses, []);
    assert.deepEqual(await book(account), []);
  });
});

/** A migrated-up-to-`lastTag` empty database of the kind under test (PGlite or the server). */
async function databaseAt(
  lastTag: string,
): Promise<{ database: Database; migrateAll: () => Promise<void>; close: () => Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  assert.ok(last >= 0, lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));

  const serverUrl = process.env.DATABASE_URL;
  let drop = async () => {};
  let url: string | undefined;
  if (serverUrl) {
    const name = `vastra_test_migration_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: MEMORY });
  const migrateTo = (migrationsFolder: string) =>
    database.kind === 'postgres'
      ? migratePg(database.db as never, { migrationsFolder })
      : migratePglite(database.db as never, { migrationsFolder });
  await migrateTo(folder);
  return {
    database,
    migrateAll: () => migrateTo(MIGRATIONS_DIR),
    close: async () => {
      await database.close();
      await drop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe('migration 0007_address_book', () => {
  test("copies each user's saved profile addresses into the book, in order, the first the default", async () => {
    const { database, migrateAll, close } = await databaseAt('0006_checkout');
    try {
      const { db } = database;
      const many = Array.from({ length: 12 }, (_, i) => ({ ...HOME, street: `${i + 1}, MG Road` }));
      await db.execute(sql`INSERT INTO users (email, name, addresses) VALUES
        ('two@example.com', 'Two', ${JSON.stringify([HOME, OFFICE])}::jsonb),
        ('none@example.com', 'None', '[]'::jsonb),
        ('many@example.com', 'Many', ${JSON.stringify(many)}::jsonb)`);
      await migrateAll();

      const rows = await queryRows<{ email: string; street: string; postal_code: string; is_default: boolean }>(
        db,
        sql`SELECT u.email, a.street, a.postal_code, a.is_default FROM addresses a JOIN users u ON u.id = a.user_id
            ORDER BY u.email, a.created_at`,
      );
      const of = (email: string) => rows.filter((r) => r.email === email);
      assert.deepEqual(
        of('two@example.com').map((r) => [r.street, r.postal_code, r.is_default]),
        [
          [HOME.street, '560001', true],
          [OFFICE.street, '400001', false],
        ],
      );
      assert.deepEqual(of('none@example.com'), []);
      assert.deepEqual(
        of('many@example.com').map((r) => r.street),
        many.slice(0, MAX_SAVED_ADDRESSES).map((a) => a.street),
      );
      const columns = await queryRows<{ column_name: string }>(
        db,
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'addresses'`,
      );
      assert.deepEqual(columns, [], 'the old column is gone');
    } finally {
      await close();
    }
  });
});
