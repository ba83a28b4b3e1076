import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import compile from 'icu-minify/compile';
import { NextIntlClientProvider } from 'next-intl';
import toast from 'react-hot-toast';
import { CART_MESSAGES, UNAUTHORIZED_DEBOUNCE_MS } from '@vastra/contracts';
import { Toasts } from '@/components/ui/toasts';
import { ErrorState } from '@/components/ui/error-state';
import { addCartLine } from '@/lib/api/browser/cart';
import { MutationError } from '@/lib/api/browser/mutate';
import { sessionExpired } from '@/lib/session-expiry';
import { stubFetch, json } from '@/test-support/fetch-stub';
import { clientMessages } from './client-messages';
import { useLocaliseMessage } from './spec-messages';
import { ENGLISH_SPEC_MESSAGES } from './spec-messages-lookup';
import type { Locale } from './routing';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * Toasts and error states in the page's language (docs/behaviour.md §8): an API's English
 * answer, through the real browser client (only `fetch` is replaced), shows in Hindi on a Hindi
 * page and word for word on an English one. The provider gets the messages a shopper's page gets
 * (client-messages.tsx), the English compiled as the build compiles it (next.config.ts precompile).
 */
const http = stubFetch();

/** The toaster with the page's localiser, as LazyToasts mounts it once in the browser (it draws nothing on a server). */
function PageToasts() {
  return <Toasts localise={useLocaliseMessage()} />;
}

async function onPage(locale: Locale, node: React.ReactNode): Promise<string> {
  const messages: Record<string, unknown> = await clientMessages(locale, 'shopper');
  const english = messages[ENGLISH_SPEC_MESSAGES] as Record<string, Record<string, string>> | undefined;
  if (english) {
    messages[ENGLISH_SPEC_MESSAGES] = Object.fromEntries(
      Object.entries(english).map(([group, texts]) => [
        group,
        Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compile(text)])),
      ]),
    );
  }
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Kolkata">
      {node}
    </NextIntlClientProvider>,
  );
}

/** Adds a line the way the product page does, and raises the toast its failure raises (add-to-cart-write.ts). */
async function addAndToastFailure(): Promise<void> {
  await addCartLine('http://api.test', { productId: 'p1', variantId: 'v1', quantity: 1 }, null).then(
    () => assert.fail('the add did not fail'),
    (error: unknown) => {
      assert.ok(error instanceof MutationError);
      toast.error(error.message);
    },
  );
}

afterEach(() => toast.remove());

describe('toasts in the page language', () => {
  it("shows the API's 409 in Hindi on a Hindi page, with its number", async () => {
    http.network = async () => json(409, { success: false, message: 'Only 3 left in stock for this size.' });
    await addAndToastFailure();
    const html = await onPage('hi', <PageToasts />);
    assert.match(html, /इस साइज़ के सिर्फ़ 3 पीस स्टॉक में बचे हैं।/);
    assert.doesNotMatch(html, /Only 3 left/);
  });

  it('shows the same answer word for word on an English page', async () => {
    http.network = async () => json(409, { success: false, message: 'Only 3 left in stock for this size.' });
    await addAndToastFailure();
    assert.match(await onPage('en', <PageToasts />), /Only 3 left in stock for this size\./);
  });

  it("shows the call's own text in Hindi when the API fails without one", async () => {
    http.network = async () => json(400, { success: false });
    await addAndToastFailure();
    assert.match(await onPage('hi', <PageToasts />), new RegExp('आइटम कार्ट में नहीं जुड़ सका'));
  });

  it('keeps an API message it does not know as it came', async () => {
    http.network = async () => json(422, { success: false, message: 'The courier refused this parcel.' });
    await addAndToastFailure();
    assert.match(await onPage('hi', <PageToasts />), /The courier refused this parcel\./);
  });

  it("says the 401 handler's toast in Hindi", async () => {
    assert.ok(sessionExpired(Date.now() + 10 * UNAUTHORIZED_DEBOUNCE_MS));
    // The handler loads the toasts before raising its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(await onPage('hi', <PageToasts />), /सेशन खत्म हो गया। आपको लॉग आउट किया जा रहा है/);
  });
});

describe('error states in the page language', () => {
  it("shows a page's failed read in Hindi on a Hindi page and in English on an English one", async () => {
    const state = <ErrorState message={CART_MESSAGES.fetch} retry={() => {}} />;
    assert.match(await onPage('hi', state), /कार्ट के आइटम लोड नहीं हो सके/);
    assert.match(await onPage('en', state), /Failed to fetch cart items/);
  });
});
