import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EMPTY_QUERY, catalogHref, parseCatalogQuery, withChanges, type CatalogScope } from './catalog-query';

const shop: CatalogScope = { basePath: '/shop', searchKey: 'search' };

// docs/shopper-features.md "Facets that widen": several values of one group are either-or.
describe('several values of one filter group', () => {
  test('ticking a second colour keeps the first and sends both, comma-separated', () => {
    const blue = withChanges(EMPTY_QUERY, { colors: ['Blue'] });
    const both = withChanges(blue, { colors: [...blue.colors, 'Black'] });
    assert.equal(catalogHref(shop, both), '/shop?colors=Blue%2CBlack');
    assert.deepEqual(parseCatalogQuery({ colors: 'Blue,Black' }, shop).colors, ['Blue', 'Black']);
  });

  test('repeated keys, as the form sends them without JavaScript, read as the same list', () => {
    const query = parseCatalogQuery({ colors: ['Blue', 'Black'], sizes: ['M', 'L'], brands: 'Puma' }, shop);
    assert.deepEqual(query.colors, ['Blue', 'Black']);
    assert.deepEqual(query.sizes, ['M', 'L']);
    assert.equal(catalogHref(shop, query), '/shop?colors=Blue%2CBlack&sizes=M%2CL&brands=Puma');
  });
});
