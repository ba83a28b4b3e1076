import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { notFound } from 'next/navigation';
import { ApiError } from '@/lib/api/api-error';
import { readOrFail, type PageRead } from '@/lib/page-failure';
import CategoryError from '@/app/[locale]/category/[slug]/error';
import CollectionError from '@/app/[locale]/collections/[slug]/error';
import ShopError from '@/app/[locale]/shop/error';
import { withIntl } from '@/test-support/intl';

// tsx compiles this JSX and the pages' with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const shown = (Page: typeof CategoryError, error: unknown = new Error('boom')) =>
  renderToStaticMarkup(withIntl(<Page error={error} retry={() => {}} />));

/**
 * What a page's error boundary gets when the page's `read` fails on the server: in production
 * the error reaches the browser with its digest only, its message replaced.
 */
async function failedOnServer(read: PageRead): Promise<Error> {
  const down = new ApiError(500, 'Something went wrong. Please try again later.', true);
  const thrown: unknown = await readOrFail(read, Promise.reject(down)).then(
    () => assert.fail('the read did not fail'),
    (error: unknown) => error,
  );
  assert.ok(thrown && typeof thrown === 'object' && 'digest' in thrown && typeof thrown.digest === 'string');
  return Object.assign(new Error('An error occurred in the Server Components render.'), { digest: thrown.digest });
}

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

  it("a category page whose product search fails says 'Failed to search products'", async () => {
    const page = shown(CategoryError, await failedOnServer('search'));
    assert.match(page, /Failed to search products/);
    assert.doesNotMatch(page, /Failed to fetch categories/);
  });
  it("a category page whose categories call fails says 'Failed to fetch categories'", async () => {
    const page = shown(CategoryError, await failedOnServer('categories'));
    assert.match(page, /Failed to fetch categories/);
    assert.doesNotMatch(page, /Failed to search products/);
  });
  it("a collection page whose product search fails says 'Failed to search products'", async () => {
    assert.match(shown(CollectionError, await failedOnServer('search')), /Failed to search products/);
    assert.match(shown(CollectionError, await failedOnServer('collections')), /Failed to fetch collections/);
  });
  it("an unknown category (notFound) is not taken for a failed read: Next's own signal passes through", async () => {
    const missing = (async () => notFound())();
    const thrown: unknown = await readOrFail('categories', missing).catch((error: unknown) => error);
    assert.ok(thrown && typeof thrown === 'object' && 'digest' in thrown);
    assert.match(String(thrown.digest), /^NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});
