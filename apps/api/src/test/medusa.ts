/**
 * Test helpers for the commerce API as Medusa's JS SDK calls it (modules/store).
 */
import assert from 'node:assert/strict';
import { FetchError } from '@medusajs/js-sdk';

/** Awaits an SDK call that must fail; returns the SDK's FetchError (status and the answer's message). */
export async function fetchError(call: Promise<unknown>): Promise<FetchError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof FetchError, `expected a FetchError, got ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}
