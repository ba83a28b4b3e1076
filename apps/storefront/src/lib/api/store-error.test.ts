import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMERCE_MESSAGES } from '@vastra/contracts';
import { StoreError, readStoreAnswer } from './store-error';

/** A /store answer as the commerce backend sends it (Medusa's shapes, no envelope). */
const answer = (status: number, statusText: string, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

async function failure(res: Response): Promise<StoreError> {
  try {
    await readStoreAnswer(res);
  } catch (error) {
    assert.ok(error instanceof StoreError, `not a StoreError: ${String(error)}`);
    return error;
  }
  assert.fail('the answer was not refused');
}

describe('commerce (/store) errors seen by the storefront (behaviour.md §8 Commerce)', () => {
  it("carry the backend's message, the status text and the status", async () => {
    const error = await failure(
      answer(400, 'Bad Request', { type: 'not_allowed', message: COMMERCE_MESSAGES.publishableKeyRequired }),
    );
    assert.equal(error.message, COMMERCE_MESSAGES.publishableKeyRequired);
    assert.equal(error.statusText, 'Bad Request');
    assert.equal(error.status, 400);
    assert.ok(error instanceof Error);
  });

  it('are raised for every status of 300 or above, even with a JSON body, and never below', async () => {
    for (const [status, statusText] of [
      [300, 'Multiple Choices'],
      [302, 'Found'],
      [404, 'Not Found'],
      [500, 'Internal Server Error'],
    ] as const) {
      const error = await failure(answer(status, statusText, { promotions: [] }));
      assert.deepEqual([error.status, error.statusText], [status, statusText]);
    }
    assert.deepEqual(await readStoreAnswer(answer(299, 'OK', { promotions: [] })), { promotions: [] });
    assert.deepEqual(await readStoreAnswer(answer(200, 'OK', { promotions: [{ code: 'DIWALI10' }] })), {
      promotions: [{ code: 'DIWALI10' }],
    });
  });

  it('without a message from the backend, the status text is the message (as the Medusa JS SDK does)', async () => {
    const error = await failure(answer(502, 'Bad Gateway', '<html>proxy error</html>'));
    assert.equal(error.message, 'Bad Gateway');
    assert.equal(error.status, 502);
    assert.equal((await failure(answer(503, '', {}))).message, 'status 503');
  });

  it('a successful answer that is not JSON is refused too, with its status', async () => {
    const error = await failure(answer(200, 'OK', 'not json'));
    assert.deepEqual([error.status, error.statusText], [200, 'OK']);
  });
});
