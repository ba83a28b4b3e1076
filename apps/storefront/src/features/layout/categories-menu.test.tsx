import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CategoryNode } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MobileMenu } from './mobile-menu';
import { toNavCategories, type NavCategories } from './nav-model';
import { CategoryNav } from './site-header';
import { withIntl } from '@/test-support/intl';
import { PublicConfigProvider } from '@/lib/public-config';
import { ShopperProvider } from '@/lib/shopper-context';

// tsx compiles this JSX and the components' with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const menus = (categories: NavCategories) => [
  renderToStaticMarkup(withIntl(<CategoryNav categories={categories} />)),
  // The phone menu holds the language switch, which reads the shopper and the API's address.
  renderToStaticMarkup(
    withIntl(
      <PublicConfigProvider value={{ apiUrl: 'http://api.test', googleClientId: null, nonce: null }}>
        <ShopperProvider user={null} wishlistRefs={null}>
          <MobileMenu storeName="Vastra" categories={categories} />
        </ShopperProvider>
      </PublicConfigProvider>,
    ),
  ),
];

const women: CategoryNode = {
  id: 'c1',
  name: 'Women',
  slug: 'women',
  parent: null,
  level: 'master',
  productCount: 12,
  image: null,
  children: [],
};

describe("the header's category menu (behaviour.md §8 Catalogue)", () => {
  it("when the categories call failed it says 'Failed to fetch categories' and keeps 'Shop all', on desktop and mobile", () => {
    // The root layout turns a failed call into null: `.catch(() => null).then(toNavCategories)`.
    const failed = toNavCategories(null);
    assert.equal(failed, null);
    for (const menu of menus(failed)) {
      assert.match(menu, /Failed to fetch categories/);
      assert.match(menu, /href="\/shop"[^>]*>Shop all</);
    }
  });

  it('with the categories read, it lists them and says nothing of a failure, even when none has products', () => {
    for (const menu of menus(toNavCategories([women]))) {
      assert.match(menu, /href="\/category\/women"/);
      assert.doesNotMatch(menu, /Failed to fetch categories/);
    }
    for (const menu of menus(toNavCategories([]))) assert.doesNotMatch(menu, /Failed to/);
  });
});
