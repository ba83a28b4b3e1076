/**
 * The behaviour.md §4 mapping of a gateway's state to paymentStatus ("completed or success gives
 * completed; failed or an error code gives failed; pending gives pending"), as
 * `toPaymentStatus()` of the contracts does it, plus the PhonePe rule for which error code
 * counts and the webhook Authorization check. No database.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { toPaymentStatus, type PaymentStatus } from '@vastra/contracts';
import { isAuthorizedWebhook, phonePeErrorCode, webhookAuthorization } from './phonepe';

describe('toPaymentStatus (behaviour.md §4)', () => {
  const table: [state: string | null | undefined, errorCode: string | null | undefined, expected: PaymentStatus][] = [
    ['completed', undefined, 'completed'],
    ['success', undefined, 'completed'],
    ['COMPLETED', undefined, 'completed'],
    ['SUCCESS', null, 'completed'],
    [' Completed ', null, 'completed'],
    ['failed', undefined, 'failed'],
    ['FAILED', 'PAYMENT_ERROR', 'failed'],
    ['pending', undefined, 'pending'],
    ['PENDING', null, 'pending'],
    ['CREATED', undefined, 'pending'],
    ['something new', undefined, 'pending'],
    ['', undefined, 'pending'],
    [null, undefined, 'pending'],
    [undefined, undefined, 'pending'],
    ['pending', 'TXN_AUTO_FAILED', 'failed'],
    ['PENDING', 'PAYMENT_ERROR', 'failed'],
    [null, 'PAYMENT_DECLINED', 'failed'],
    ['completed', 'AUTHORIZATION_ERROR', 'failed'],
    ['pending', '', 'pending'],
  ];
  for (const [state, errorCode, expected] of table) {
    test(`${JSON.stringify(state)} with error code ${JSON.stringify(errorCode)} → ${expected}`, () => {
      assert.equal(toPaymentStatus(state, errorCode), expected);
    });
  }
});

describe('phonePeErrorCode', () => {
  test("a COMPLETED order's stray error code (an earlier attempt's) does not count", () => {
    assert.equal(phonePeErrorCode('COMPLETED', 'AUTHORIZATION_ERROR'), null);
    assert.equal(toPaymentStatus('COMPLETED', phonePeErrorCode('COMPLETED', 'AUTHORIZATION_ERROR')), 'completed');
  });

  test('on any other state the error code counts', () => {
    assert.equal(phonePeErrorCode('PENDING', 'TXN_AUTO_FAILED'), 'TXN_AUTO_FAILED');
    assert.equal(phonePeErrorCode('FAILED', 'PAYMENT_ERROR'), 'PAYMENT_ERROR');
    assert.equal(phonePeErrorCode('PENDING', undefined), null);
    assert.equal(toPaymentStatus('PENDING', phonePeErrorCode('PENDING', 'TXN_AUTO_FAILED')), 'failed');
  });
});

describe('webhook Authorization', () => {
  const expected = webhookAuthorization('vastra_hook', 'hookPass2025');

  test('is the SHA-256 hex of username:password', () => {
    assert.equal(expected, createHash('sha256').update('vastra_hook:hookPass2025').digest('hex'));
    assert.match(expected, /^[0-9a-f]{64}$/);
  });

  test('accepts the digest in either case, with surrounding spaces', () => {
    assert.equal(isAuthorizedWebhook(expected, expected), true);
    assert.equal(isAuthorizedWebhook(` ${expected.toUpperCase()} `, expected), true);
  });

  test('refuses anything else, and everything when no credentials are configured', () => {
    for (const header of [undefined, '', 'vastra_hook:hookPass2025', expected.slice(1), `${expected}0`]) {
      assert.equal(isAuthorizedWebhook(header, expected), false, String(header));
    }
    assert.equal(isAuthorizedWebhook(expected, null), false);
  });
});
