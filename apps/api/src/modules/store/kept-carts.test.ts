/**
 * Kept /store cart answers with two API instances on one server database (./kept-carts.ts,
 * docs/performance.md "The commerce API"): a cart one instance keeps is read changed there at
 * once after the other instance changes it.
 *
 * @postgres: a second instance on the same database (sameDatabaseAs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pickProducts, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { generatePublishableKey } from './keys';

const KEY = generatePublishableKey();
const headers = { 'x-publishable-api-key': KEY };

describe('a cart kept by one instance', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  let first: TestContext;
  let second: TestContext;

  before(async () => {
    first = await createTestApp({ env: { PUBLISHABLE_API_KEY: KEY } });
    second = await createTestApp({ sameDatabaseAs: first, env: { PUBLISHABLE_API_KEY: KEY } });
  });
  after(async () => {
    await second?.close();
    await first?.close();
  });

  test('is read changed at once after the other instance changes it', async () => {
    const [product] = await pickProducts(first.database.db, 1);
    const variant = product!.variants[0]!;
    await setStock(first.database.db, variant.id, 5);
    const made = await first.app.inject({
      method: 'POST',
      url: '/store/carts',
      headers,
      payload: { items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    assert.equal(made.statusCode, 200, made.body);
    const { id, items } = made.json().cart as { id: string; items: { id: string }[] };
    const url = `/store/carts/${id}?fields=id,items.quantity`;
    const quantities = async () =>
      (await first.app.inject({ method: 'GET', url, headers }))
        .json()
        .cart.items.map((i: { quantity: number }) => i.quantity);
    assert.deepEqual(await quantities(), [1]);
    assert.deepEqual(await quantities(), [1]);

    const raised = await second.app.inject({
      method: 'POST',
      url: `/store/carts/${id}/line-items/${items[0]!.id}`,
      headers,
      payload: { quantity: 3 },
    });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.deepEqual(await quantities(), [3]);

    const removed = await second.app.inject({
      method: 'DELETE',
      url: `/store/carts/${id}/line-items/${items[0]!.id}`,
      headers,
    });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(await quantities(), []);
  });
});
