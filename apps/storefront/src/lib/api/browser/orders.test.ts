import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GENERIC_MESSAGES, ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { cancelOrder, getInvoice, removeOrder, sendReturn } from './orders';
import { fakeUpload, stubFetch, json, refused, timedOut, type Network } from '@/test-support/fetch-stub';

/**
 * The order calls of the browser (behaviour.md §10; §8: the API's message, else the call's own
 * text) through the real browser client; only the HTTP boundary is replaced: `fetch`, and
 * XMLHttpRequest for the return's upload.
 */
const http = stubFetch();

const API = 'http://api.test';
const order = (id: string, status: Order['status'] = 'placed') => ({ id, orderNumber: `VST-${id}`, status }) as Order;
const serverError: Network = async () =>
  json(500, { success: false, message: GENERIC_MESSAGES.fallback, requestId: 'req-1' });

describe('order calls (behaviour.md §10, §8 messages)', () => {
  it('a cancel sends the reason and answers the cancelled order and the toast', async () => {
    http.network = async () =>
      json(200, { success: true, message: 'Order cancelled', data: { order: order('a', 'cancelled') } });
    const result = await cancelOrder(API, 'a', 'Ordered the wrong size');
    assert.equal(result.message, ORDER_MESSAGES.cancelled);
    assert.equal(result.order.status, 'cancelled');
    assert.equal(http.sent[0]!.url, `${API}/orders/a/cancel`);
    assert.equal(http.sent[0]!.init.method, 'POST');
    assert.equal(http.sent[0]!.init.body, JSON.stringify({ reason: 'Ordered the wrong size' }));
  });

  it("gives the API's refusal, else the behaviour.md §8 fallback", async () => {
    http.network = async (url) =>
      url.endsWith('/orders/a/cancel')
        ? json(409, { success: false, message: ORDER_MESSAGES.cancelTooLate })
        : url.endsWith('/orders/b/cancel')
          ? serverError(url, {})
          : refused(url, {});
    await assert.rejects(cancelOrder(API, 'a', 'x'), { name: 'MutationError', message: ORDER_MESSAGES.cancelTooLate });
    await assert.rejects(cancelOrder(API, 'b', 'x'), { message: 'Failed to cancel order' });
    await assert.rejects(removeOrder(API, 'c'), { message: 'Failed to delete order' });
  });

  for (const [name, failure] of [
    ['the API cannot be reached', refused],
    ['the API does not answer in time', timedOut],
    ['the API fails unexpectedly (500 with its generic message)', serverError],
  ] as const) {
    it(`when ${name}, each order call shows its own text`, async () => {
      http.network = failure;
      await assert.rejects(cancelOrder(API, 'o1', 'Ordered the wrong size'), { message: ORDER_MESSAGES.cancel });
      await assert.rejects(removeOrder(API, 'o1'), { message: ORDER_MESSAGES.delete });
      await assert.rejects(getInvoice(API, 'o1'), { message: ORDER_MESSAGES.invoice });
    });
  }

  it('a removal answers the toast', async () => {
    http.network = async () => json(200, { success: true, message: ORDER_MESSAGES.deleted });
    assert.equal(await removeOrder(API, 'a'), ORDER_MESSAGES.deleted);
    assert.equal(http.sent[0]!.url, `${API}/orders/a`);
    assert.equal(http.sent[0]!.init.method, 'DELETE');
  });

  it('the invoice comes as a file under the name the API offers', async () => {
    http.network = async () =>
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice-a.pdf"' },
      });
    const file = await getInvoice(API, 'a');
    assert.equal(file.filename, 'invoice-a.pdf');
    assert.equal(await file.blob.text(), '%PDF-1.7');
    assert.equal(http.sent[0]!.url, `${API}/orders/a/invoice`);
    http.network = async () => json(409, { success: false, message: ORDER_MESSAGES.invoiceNotPaid });
    await assert.rejects(getInvoice(API, 'a'), { message: ORDER_MESSAGES.invoiceNotPaid });
  });

  it('a return uploads with its progress to /return or /partial-return, and answers the toast', async () => {
    const requests = fakeUpload(201, { success: true, message: 'Return requested', data: {} }, [0.5, 1]);
    const shares: number[] = [];
    const form = new FormData();
    form.append('reason', 'size_issue');
    assert.equal(await sendReturn(API, 'a', 'partial', form, (share) => shares.push(share)), 'Return requested');
    assert.deepEqual(shares, [0.5, 1]);
    assert.equal(requests[0]!.url, `${API}/orders/a/partial-return`);
    assert.equal(requests[0]!.withCredentials, true);
    assert.equal(requests[0]!.form.get('reason'), 'size_issue');
  });

  it("a refused return says the API's reason, else the full or partial return's own text", async () => {
    fakeUpload(409, { success: false, message: ORDER_MESSAGES.returnInProgress });
    await assert.rejects(
      sendReturn(API, 'a', 'full', new FormData(), () => {}),
      {
        message: ORDER_MESSAGES.returnInProgress,
      },
    );
    fakeUpload(500, { success: false, message: GENERIC_MESSAGES.fallback });
    await assert.rejects(
      sendReturn(API, 'a', 'full', new FormData(), () => {}),
      {
        message: ORDER_MESSAGES.requestReturn,
      },
    );
    fakeUpload(500, { success: false, message: GENERIC_MESSAGES.fallback });
    await assert.rejects(
      sendReturn(API, 'a', 'partial', new FormData(), () => {}),
      {
        message: ORDER_MESSAGES.requestPartialReturn,
      },
    );
  });
});
