/**
 * The profile through HTTP: GET /auth/me and the multipart form PUT /auth/profile/full —
 * fields, clearing, saved addresses, avatars checked by content and size, served back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, AVATAR_MAX_BYTES } from '@vastra/contracts';
import sharp from 'sharp';
import { assertNoSecrets, bearer, fromStorefront, multipart, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { JPEG, PNG, WEBP } from '../../test/images';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp({ seed: false });
});
after(() => ctx.close());

async function putProfile(headers: Record<string, string>, fill: (form: FormData) => void) {
  const form = new FormData();
  fill(form);
  const body = await multipart(form);
  return ctx.app.inject({
    method: 'PUT',
    url: '/auth/profile/full',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
  phone: '9876543210',
};

describe('PUT /auth/profile/full', () => {
  let account: Account;
  before(async () => {
    account = await register(ctx.app);
  });

  test('updates name, phone, gender and date of birth and answers the user', async () => {
    const res = await putProfile(bearer(account.token), (form) => {
      form.set('name', 'Asha R.');
      form.set('phone', '+919812345678');
      form.set('gender', 'female');
      form.set('dateOfBirth', '1994-08-15');
    });
    assert.equal(res.statusCode, 200, res.body);
    const { message, data } = res.json();
    assert.equal(message, AUTH_MESSAGES.profileUpdated);
    assert.equal(data.user.name, 'Asha R.');
    assert.equal(data.user.phone, '9812345678');
    assert.equal(data.user.gender, 'female');
    assert.equal(data.user.dateOfBirth, '1994-08-15');
    assertNoSecrets(res.body, [account.password]);
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
    assert.equal(me.json().data.user.dateOfBirth, '1994-08-15', 'stored');
  });

  test('an empty field clears it; fields not sent stay', async () => {
    const res = await putProfile(bearer(account.token), (form) => {
      form.set('phone', '');
      form.set('gender', '');
    });
    assert.equal(res.statusCode, 200, res.body);
    const user = res.json().data.user;
    assert.equal(user.phone, null);
    assert.equal(user.gender, null);
    assert.equal(user.name, 'Asha R.');
    assert.equal(user.dateOfBirth, '1994-08-15');
  });

  test('saved addresses (JSON) are kept; invalid ones are refused with the reason', async () => {
    const saved = await putProfile(bearer(account.token), (form) => form.set('addresses', JSON.stringify([ADDRESS])));
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json().data.user.addresses, [ADDRESS]);

    const badPin = await putProfile(bearer(account.token), (form) =>
      form.set('addresses', JSON.stringify([{ ...ADDRESS, postalCode: '056003' }])),
    );
    assert.equal(badPin.statusCode, 400);
    assert.equal(badPin.json().message, 'Please enter a 6-digit pincode.');
    const abroad = await putProfile(bearer(account.token), (form) =>
      form.set('addresses', JSON.stringify([{ ...ADDRESS, country: 'Nepal' }])),
    );
    assert.equal(abroad.json().message, 'We ship within India only.');
    const garbled = await putProfile(bearer(account.token), (form) => form.set('addresses', '[{oops'));
    assert.equal(garbled.statusCode, 400);
    assert.match(garbled.json().message, /addresses could not be read/);
  });

  test('an empty form: "No form data provided. Please fill in the fields."', async () => {
    const empty = await putProfile(bearer(account.token), () => {});
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json(), { success: false, message: AUTH_MESSAGES.noFormData });
    const noFileChosen = await putProfile(bearer(account.token), (form) => form.set('avatar', new Blob([]), ''));
    assert.deepEqual(noFileChosen.json(), { success: false, message: AUTH_MESSAGES.noFormData });
    const json = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/profile/full',
      payload: { name: 'X' },
      headers: bearer(account.token),
    });
    assert.deepEqual(json.json(), { success: false, message: AUTH_MESSAGES.noFormData });
  });

  test('invalid values are refused with what is wrong, and change nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ phone: '12345' }, 'Please enter a valid 10-digit Indian mobile number.'],
      [{ gender: 'robot' }, 'Please choose female, male or other.'],
      [{ dateOfBirth: '2999-01-01' }, 'Please enter a real date of birth (YYYY-MM-DD).'],
      [{ dateOfBirth: '15/08/1994' }, 'Please enter a real date of birth (YYYY-MM-DD).'],
      [{ name: 'Ok', isAdmin: 'true' }, 'Unknown form field: isAdmin.'],
    ];
    for (const [fields, message] of cases) {
      const res = await putProfile(bearer(account.token), (form) => {
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
      });
      assert.equal(res.statusCode, 400, JSON.stringify(fields));
      assert.equal(res.json().message, message);
    }
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
    assert.equal(me.json().data.user.name, 'Asha R.');
  });

  test('needs a session, and a cookie write must come from the storefront', async () => {
    const anonymous = await putProfile({}, (form) => form.set('name', 'Nobody'));
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().message, AUTH_MESSAGES.authRequired);
    const forged = await putProfile({ cookie: account.cookie, origin: 'http://evil.test' }, (form) =>
      form.set('name', 'Hacked'),
    );
    assert.equal(forged.statusCode, 403);
    const real = await putProfile(fromStorefront(account.cookie), (form) => form.set('name', 'Asha R.'));
    assert.equal(real.statusCode, 200);
  });
});

describe('avatars', () => {
  let account: Account;
  before(async () => {
    account = await register(ctx.app);
  });

  for (const [label, bytes] of [
    ['PNG', PNG],
    ['JPEG', JPEG],
    ['WebP', WEBP],
  ] as const) {
    test(`a ${label} avatar is stored (re-encoded as WebP) and served at avatarUrl`, async () => {
      const res = await putProfile(bearer(account.token), (form) =>
        // The declared type is deliberately wrong: only the bytes count.
        form.set('avatar', new Blob([bytes], { type: 'application/octet-stream' }), 'me.bin'),
      );
      assert.equal(res.statusCode, 200, res.body);
      const url = new URL(res.json().data.user.avatarUrl);
      assert.equal(url.origin, 'http://api.test');
      const served = await ctx.app.inject({ method: 'GET', url: url.pathname });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1, 1]);
    });
  }

  test('a new avatar replaces the old file', async () => {
    const first = await putProfile(bearer(account.token), (form) => form.set('avatar', new Blob([PNG]), 'a.png'));
    const oldPath = new URL(first.json().data.user.avatarUrl).pathname;
    const second = await putProfile(bearer(account.token), (form) => form.set('avatar', new Blob([JPEG]), 'b.jpg'));
    const newPath = new URL(second.json().data.user.avatarUrl).pathname;
    assert.notEqual(newPath, oldPath);
    assert.equal((await ctx.app.inject({ method: 'GET', url: oldPath })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: 'GET', url: newPath })).statusCode, 200);
  });

  test('not an image by content (even named .png): 400, and the profile keeps its avatar', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) })).json();
    for (const body of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('%PDF-1.4\n%…')]) {
      const res = await putProfile(bearer(account.token), (form) =>
        form.set('avatar', new Blob([body], { type: 'image/png' }), 'avatar.png'),
      );
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, AUTH_MESSAGES.avatarType);
    }
    const after = (await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) })).json();
    assert.equal(after.data.user.avatarUrl, before.data.user.avatarUrl);
  });

  test('larger than 2 MB: 413, nothing changes', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await putProfile(bearer(account.token), (form) => {
      form.set('name', 'Should Not Stick');
      form.set('avatar', new Blob([big], { type: 'image/png' }), 'big.png');
    });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { success: false, message: AUTH_MESSAGES.avatarTooLarge });
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(account.token) });
    assert.notEqual(me.json().data.user.name, 'Should Not Stick');
  });
});
