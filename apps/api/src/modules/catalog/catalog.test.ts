/**
 * Categories, collections, homepage sections, product detail and related products through
 * HTTP on a real, seeded database; plus health, docs and media.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  COLLECTIONS_PAGE_SIZE,
  MAX_PAGE_LIMIT,
  RELATED_PRODUCTS_LIMIT,
  SECTION_TYPES,
  type CategoryNode,
  type Collection,
  type HomepageSection,
  type PageMeta,
  type ProductDetail,
  type ProductSearchResult,
  type ProductSummary,
} from '@vastra/contracts';
import { createTestApp, getJson, type TestContext } from '../../test/harness';

let ctx: TestContext;
let app: FastifyInstance;
let sample: ProductSummary;

before(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  const { body } = await getJson<{ data: ProductSearchResult }>(app, '/products/search?search=shirt&sort=rating');
  sample = body.data.products[0]!;
});
after(async () => ctx?.close());

describe('GET /categories', () => {
  test('a three-level tree with counts that add up', async () => {
    const { status, body } = await getJson<{ success: boolean; data: { categories: CategoryNode[]; count: number } }>(
      app,
      '/categories',
    );
    assert.equal(status, 200);
    assert.equal(body.success, true);
    const { categories, count } = body.data;
    assert.ok(categories.length >= 3, 'Apparel, Footwear, Accessories at least');
    let nodes = 0;
    const walk = (list: CategoryNode[], level: CategoryNode['level'], parent: string | null) => {
      for (const node of list) {
        nodes++;
        assert.equal(node.level, level);
        assert.equal(node.parent, parent);
        assert.ok(node.slug && node.name && node.id);
        assert.ok(node.productCount > 0);
        if (node.children.length > 0) {
          assert.equal(
            node.productCount,
            node.children.reduce((s, c) => s + c.productCount, 0),
            `${node.name} counts its subtree`,
          );
          walk(node.children, level === 'master' ? 'sub' : 'article', node.id);
        }
      }
    };
    walk(categories, 'master', null);
    assert.equal(count, nodes);
    const total = (await getJson<{ data: ProductSearchResult }>(app, '/products/search?limit=1')).body.data.meta.total;
    assert.equal(
      categories.reduce((s, c) => s + c.productCount, 0),
      total,
    );
    assert.ok(
      categories.some((c) => c.children.some((s) => s.children.length > 0)),
      'article types under sub categories',
    );
  });
});

describe('GET /collections', () => {
  test('default page of 10 with meta', async () => {
    const { status, body } = await getJson<{ data: { collections: Collection[]; meta: PageMeta } }>(
      app,
      '/collections',
    );
    assert.equal(status, 200);
    const { collections, meta } = body.data;
    assert.equal(meta.limit, COLLECTIONS_PAGE_SIZE);
    assert.equal(meta.page, 1);
    assert.ok(collections.length > 0 && collections.length <= COLLECTIONS_PAGE_SIZE);
    assert.equal(meta.totalPages, Math.ceil(meta.total / meta.limit));
    assert.ok(collections.every((c) => c.slug && c.name && c.productCount > 0));
    assert.ok(collections.some((c) => c.name === 'Ethnic Wear'));
  });

  test('paging and clamping', async () => {
    const { body } = await getJson<{ data: { collections: Collection[]; meta: PageMeta } }>(
      app,
      '/collections?page=2&limit=2',
    );
    assert.equal(body.data.meta.page, 2);
    assert.ok(body.data.collections.length <= 2);
    const big = await getJson<{ data: { meta: PageMeta } }>(app, '/collections?limit=5000');
    assert.equal(big.body.data.meta.limit, MAX_PAGE_LIMIT);
    const bad = await getJson<{ success: boolean; message: string }>(app, '/collections?page=0');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /page must be 1 or more/);
  });
});

describe('GET /homepage-sections', () => {
  test('every section type, in position order, with the content it renders', async () => {
    const { status, body } = await getJson<{ data: { sections: HomepageSection[] } }>(app, '/homepage-sections');
    assert.equal(status, 200);
    const { sections } = body.data;
    for (const type of SECTION_TYPES)
      assert.ok(
        sections.some((s) => s.section_type === type),
        `has ${type}`,
      );
    assert.ok(sections.every((s, i) => i === 0 || sections[i - 1]!.position <= s.position));
    for (const s of sections) {
      switch (s.section_type) {
        case 'hero':
          assert.ok(
            s.content.slides.length > 0 && s.content.slides.every((sl) => sl.image.startsWith('http') && sl.cta.href),
          );
          break;
        case 'fashion_showcase':
          assert.ok(s.content.items.length > 0);
          break;
        case 'collection_highlight':
          assert.ok(s.content.collection.slug && s.content.products.length > 0);
          break;
        case 'best_seller_products':
          assert.ok(s.content.products.length > 0);
          break;
        case 'testimonials':
          assert.ok(
            s.content.testimonials.length > 0 && s.content.testimonials.every((t) => t.rating >= 1 && t.rating <= 5),
          );
          break;
        case 'featured_categories':
          assert.ok(s.content.categories.length > 0 && s.content.categories.every((c) => c.productCount > 0));
          break;
      }
    }
  });
});

describe('GET /products/{id}', () => {
  test('the product with its category path, variants and images', async () => {
    const { status, body } = await getJson<{ success: boolean; data: { product: ProductDetail } }>(
      app,
      `/products/${sample.id}`,
    );
    assert.equal(status, 200);
    const p = body.data.product;
    assert.equal(p.id, sample.id);
    assert.equal(p.name, sample.name);
    assert.ok(p.description.length > 0);
    assert.match(p.hsnCode, /^\d{4,8}$/);
    assert.equal(p.categoryPath.length, 3);
    assert.equal(p.categoryPath[2]!.id, p.category.id);
    assert.ok(p.variants.length > 0);
    for (const v of p.variants) {
      assert.ok(v.sku && v.size && v.color);
      assert.ok(v.price > 0 && v.price <= v.mrp);
      assert.equal(v.inStock, v.stock > 0);
      assert.ok(v.images.some((i) => i.isPrimary));
    }
    assert.deepEqual(
      p.primaryImage,
      p.images.find((i) => i.isPrimary),
    );
    assert.equal(p.price, Math.min(...p.variants.map((v) => v.price)));
  });

  test('also by slug', async () => {
    const { status, body } = await getJson<{ data: { product: ProductDetail } }>(app, `/products/${sample.slug}`);
    assert.equal(status, 200);
    assert.equal(body.data.product.id, sample.id);
  });

  test('404 with a message for an unknown product', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const { status, body } = await getJson<{ success: boolean; message: string }>(app, `/products/${id}`);
      assert.equal(status, 404);
      assert.deepEqual(body, { success: false, message: 'Product not found' });
    }
  });
});

describe('GET /products/{id}/related', () => {
  test('up to 10 related products, never the product itself, closest first', async () => {
    const { status, body } = await getJson<{ data: { relatedProducts: ProductSummary[] } }>(
      app,
      `/products/${sample.id}/related`,
    );
    assert.equal(status, 200);
    const related = body.data.relatedProducts;
    assert.ok(related.length > 0 && related.length <= RELATED_PRODUCTS_LIMIT);
    assert.ok(related.every((p) => p.id !== sample.id));
    assert.equal(related[0]!.category.id, sample.category.id);
  });

  test('limit is honoured; unknown product is 404', async () => {
    const { body } = await getJson<{ data: { relatedProducts: ProductSummary[] } }>(
      app,
      `/products/${sample.id}/related?limit=3`,
    );
    assert.equal(body.data.relatedProducts.length, 3);
    const missing = await getJson(app, '/products/00000000-0000-4000-8000-000000000000/related');
    assert.equal(missing.status, 404);
  });
});

describe('operations', () => {
  test('health and readiness', async () => {
    assert.deepEqual((await getJson(app, '/health')).body, { success: true, data: { status: 'ok' } });
    const ready = await getJson<{ data: { status: string; database: string } }>(app, '/ready');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.data.status, 'ready');
  });

  test('OpenAPI document lists the catalogue routes', async () => {
    const { status, body } = await getJson<{ openapi: string; paths: Record<string, unknown> }>(app, '/docs/json');
    assert.equal(status, 200);
    assert.match(body.openapi, /^3\./);
    for (const route of [
      '/categories',
      '/collections',
      '/homepage-sections',
      '/products/search',
      '/products/{id}',
      '/products/{id}/related',
    ]) {
      assert.ok(route in body.paths, `documents ${route}`);
    }
  });

  test('product photos are served; nothing else under /media is', async () => {
    const url = new URL(sample.primaryImage!.url);
    const photo = await app.inject(url.pathname);
    assert.equal(photo.statusCode, 200);
    assert.match(String(photo.headers['content-type']), /^image\//);
    assert.equal((await app.inject('/media/../package.json')).statusCode, 404);
    assert.equal((await app.inject('/media/myntra_styles.csv')).statusCode, 404);
  });

  test('unknown routes answer 404 in the envelope', async () => {
    const { status, body } = await getJson<{ success: boolean; message: string }>(app, '/nope');
    assert.equal(status, 404);
    assert.equal(body.success, false);
  });
});
