import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Image } from '@vastra/contracts';
import { wishlistRowMedia } from './row-media';

const API = 'http://localhost:9000/media';

function entry(variantImages: Image[], productPrimary: Image | null) {
  return {
    product: {
      id: 'p1',
      slug: 'kurta',
      name: 'Cotton kurta',
      brand: 'Vastra',
      isActive: true,
      primaryImage: productPrimary,
    },
    variant: {
      id: 'v1',
      sku: 'KURTA-M',
      size: 'M',
      color: 'Blue',
      price: 1299,
      mrp: 1999,
      inStock: true,
      images: variantImages,
    },
  };
}

const img = (name: string, isPrimary = false): Image => ({ url: `${API}/${name}`, isPrimary });

describe('wishlist row image (behaviour.md §9)', () => {
  it("takes the variant's primary image, wherever it is in the list", () => {
    const media = wishlistRowMedia(entry([img('a.jpg'), img('b.jpg', true)], img('product.jpg', true)));
    assert.deepEqual(media, { kind: 'image', url: `${API}/b.jpg` });
  });

  it("takes the variant's first image when none is primary", () => {
    const media = wishlistRowMedia(entry([img('a.jpg'), img('b.jpg')], img('product.jpg', true)));
    assert.deepEqual(media, { kind: 'image', url: `${API}/a.jpg` });
  });

  it("falls back to the product's primary image when the variant has none", () => {
    const media = wishlistRowMedia(entry([], img('product.jpg', true)));
    assert.deepEqual(media, { kind: 'image', url: `${API}/product.jpg` });
  });

  it('skips images without a URL', () => {
    const media = wishlistRowMedia(entry([{ url: '', isPrimary: true }], img('product.jpg', true)));
    assert.deepEqual(media, { kind: 'image', url: `${API}/product.jpg` });
  });

  it('is the placeholder with no image at all', () => {
    assert.deepEqual(wishlistRowMedia(entry([], null)), { kind: 'placeholder' });
    assert.deepEqual(wishlistRowMedia(entry([], { url: '', isPrimary: true })), { kind: 'placeholder' });
  });

  it('recognises videos by the mp4 and webm extensions', () => {
    assert.equal(wishlistRowMedia(entry([img('turn.mp4', true)], null)).kind, 'video');
    assert.equal(wishlistRowMedia(entry([img('turn.webm')], null)).kind, 'video');
    assert.equal(wishlistRowMedia(entry([], img('turn.mp4', true))).kind, 'video');
  });

  it('recognises a video whatever the case of its extension', () => {
    assert.equal(wishlistRowMedia(entry([img('TURN.MP4')], null)).kind, 'video');
    assert.equal(wishlistRowMedia(entry([img('turn.WebM')], null)).kind, 'video');
  });

  it('reads the extension before a query string or fragment', () => {
    assert.deepEqual(wishlistRowMedia(entry([img('turn.mp4?v=3&w=200')], null)), {
      kind: 'video',
      url: `${API}/turn.mp4?v=3&w=200`,
    });
    assert.equal(wishlistRowMedia(entry([img('turn.webm#t=2')], null)).kind, 'video');
    assert.equal(wishlistRowMedia(entry([img('photo.jpg?format=mp4')], null)).kind, 'image');
  });

  it('does not take other extensions or names merely containing mp4 for videos', () => {
    assert.equal(wishlistRowMedia(entry([img('turn.gif')], null)).kind, 'image');
    assert.equal(wishlistRowMedia(entry([img('mp4-kurta.jpg')], null)).kind, 'image');
    assert.equal(wishlistRowMedia(entry([img('turnmp4')], null)).kind, 'image');
  });
});
