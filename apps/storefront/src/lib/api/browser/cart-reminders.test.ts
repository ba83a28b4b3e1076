import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CART_REMINDERS_MESSAGES } from '@vastra/contracts';
import { unsubscribeCartReminders } from './cart-reminders';
import { stubFetch, json } from '@/test-support/fetch-stub';

/** The cart reminder calls of the browser (docs/behaviour.md "Cart reminders") through the real browser client; only `fetch` is replaced. */
const http = stubFetch();

const API = 'http://api.test';

describe('cart reminder calls', () => {
  it('the unsubscribe button sends the link’s token, without a session of its own', async () => {
    http.network = async () =>
      json(200, {
        success: true,
        message: CART_REMINDERS_MESSAGES.unsubscribed,
        data: { email: 'a***@x.in', unsubscribed: true },
      });
    assert.deepEqual(await unsubscribeCartReminders(API, 'a+b/c'), { email: 'a***@x.in', unsubscribed: true });
    assert.equal(http.sent[0]!.url, `${API}/cart-reminders/unsubscribe?token=a%2Bb%2Fc`);
    assert.equal(http.sent[0]!.init.method, 'POST');
    http.network = async () => json(400, { success: false, message: CART_REMINDERS_MESSAGES.linkInvalid });
    await assert.rejects(unsubscribeCartReminders(API, 'x'), { message: CART_REMINDERS_MESSAGES.linkInvalid });
  });
});
