import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import CategoryError from '@/app/category/[slug]/error';
import CollectionError from '@/app/collections/[slug]/error';
import ShopError from '@/app/shop/error';

// tsx compiles this JSX and the pages' with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const shown = (Page: typeof CategoryError) => renderToStaticMarkup(<Page error={new Error('boom')} retry={() => {}} />);

describe('catalogue pages that fail (behaviour.md §8 Catalogue)', () => {
  it("a category page says 'Failed to fetch categories'", () => {
    assert.match(shown(CategoryError), /Failed to fetch categories/);
    assert.doesNotMatch(shown(CategoryError), /Failed to search products/);
  });
  it("a collection page says 'Failed to fetch collections'", () => {
    assert.match(shown(CollectionError), /Failed to fetch collections/);
    assert.doesNotMatch(shown(CollectionError), /Failed to search products/);
  });
  it("the shop's search keeps 'Failed to search products'", () => {
    assert.match(shown(ShopError), /Failed to search products/);
  });
});
