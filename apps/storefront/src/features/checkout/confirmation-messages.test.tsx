import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { GENERIC_MESSAGES, ORDER_MESSAGES } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ConfirmationError from '@/app/[locale]/checkout/confirmation/[id]/error';
import { readOrderConfirmation } from '@/lib/api/browser/checkout';
import { MutationError } from '@/lib/api/browser/mutate';
import { withIntl } from '@/test-support/intl';

// tsx compiles this JSX and the page's with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * behaviour.md §8 Orders: the confirmation page's read of the order
 * (GET /orders/getOrderConfirmation/{id}), through the real browser client; only `fetch` (the
 * HTTP boundary) is replaced. The page shows the failure's message (confirmation-template.tsx).
 */
type Network = (url: string, init: RequestInit) => Promise<Response>;
let network: Network;
const realFetch = globalThis.fetch;
beforeEach(() => {
  globalThis.fetch = ((url: string, init: RequestInit) => network(url, init)) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the confirmation page says when its confirmation call ends so. */
async function confirmationFailure(answer: Network): Promise<{ message: string; status: number | undefined }> {
  network = answer;
  const error: unknown = await readOrderConfirmation('http://api.test', 'o1').then(
    () => assert.fail('the confirmation did not fail'),
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof MutationError);
  return { message: error.message, status: error.status };
}

describe('a confirmation page whose confirmation call fails (behaviour.md §8 Orders)', () => {
  it("says 'Failed to send order confirmation' when the API fails, cannot be reached or does not answer in time", async () => {
    const failures: Network[] = [
      async () => json(500, { success: false, message: GENERIC_MESSAGES.fallback }),
      async () => json(502, null),
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      },
    ];
    for (const failure of failures) {
      assert.equal((await confirmationFailure(failure)).message, ORDER_MESSAGES.confirmation);
    }
  });

  it("the server's own message about the order still comes first; a 404 stays a 404 (the page is then not found)", async () => {
    const refused = await confirmationFailure(async () => json(403, { success: false, message: 'Not your order' }));
    assert.equal(refused.message, 'Not your order');
    const missing = await confirmationFailure(async () =>
      json(404, { success: false, message: ORDER_MESSAGES.notFound }),
    );
    assert.equal(missing.status, 404);
  });

  it("a failure while rendering the page says 'Failed to send order confirmation' too", () => {
    const page = renderToStaticMarkup(withIntl(<ConfirmationError error={new Error('boom')} retry={() => {}} />));
    assert.match(page, /Failed to send order confirmation/);
  });
});
