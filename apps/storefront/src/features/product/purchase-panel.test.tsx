import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProductDetail, Variant } from '@vastra/contracts';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { LoginModalProvider } from '@/lib/login-modal';
import { PublicConfigProvider } from '@/lib/public-config';
import { ShopperProvider } from '@/lib/shopper-context';
import { withIntl } from '@/test-support/intl';
import type { Locale } from '@/i18n/routing';
import { PurchasePanel } from './purchase-panel';

// tsx compiles this JSX and the components' with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const size = (name: string, stock: number) =>
  ({
    id: `v-${name}`,
    sku: `SKU-${name}`,
    size: name,
    color: 'Blue',
    price: 1299,
    mrp: 1999,
    stock,
    inStock: stock > 0,
    images: [],
  }) as Variant;

const product = (variants: Variant[]) =>
  ({
    id: 'p1',
    name: 'Kurta',
    brand: 'Vastra',
    color: 'Blue',
    price: 1299,
    mrp: 1999,
    inStock: true,
    variants,
  }) as unknown as ProductDetail;

/** The panel as a guest sees it in the server's HTML, in one language, as text. */
const panel = (variants: Variant[], locale: Locale) =>
  renderToString(
    withIntl(
      <PublicConfigProvider value={{ apiUrl: 'http://api.test', googleClientId: null, nonce: null }}>
        <ShopperProvider user={null} wishlistRefs={null} sessionEnded={false}>
          <LoginModalProvider>
            <PurchasePanel product={product(variants)} />
          </LoginModalProvider>
        </ShopperProvider>
      </PublicConfigProvider>,
      locale,
    ),
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the purchase panel speaks the page language', () => {
  const sizes = [size('S', 0), size('M', 12), size('L', 3)];
  it('in English: its texts as ever, word for word', () => {
    const text = panel(sizes, 'en');
    assert.match(text, /Select a size to see its stock\./);
    assert.match(text, /Inclusive of all taxes/);
    assert.match(text, /Add to cart/);
    assert.match(text, /Add to wishlist/);
    assert.match(text, /₹ 1,299/);
  });
  it('in Hindi: Hindi labels, the price and sizes as they are', () => {
    const text = panel(sizes, 'hi');
    assert.match(text, /अपनी पसंद की साइज़ चुनें/);
    assert.match(text, /सभी टैक्स शामिल/);
    assert.match(text, /कार्ट में डालें/);
    assert.match(text, /विशलिस्ट में जोड़ें/);
    assert.match(text, /₹ 1,299/);
    assert.match(text, /साइज़ S .* M L /);
    assert.doesNotMatch(text, /Select a size|Add to cart|Inclusive of all taxes/);
  });
  it('in Hindi, a low stock is counted: "सिर्फ़ 3 बचे हैं"', () => {
    assert.match(panel([size('L', 3)], 'hi'), /सिर्फ़ 3 बचे हैं/);
    assert.match(panel([size('L', 3)], 'en'), /Only 3 left/);
  });
});
