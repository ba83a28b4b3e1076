import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { OrderActions } from './OrderActions';
import type { OrderRecord } from './OrderShow';

// The fields the buttons read; the rest of an order is not shown here.
const order = (status: string) =>
  ({
    id: 'o1',
    status,
    paymentGateway: 'razorpay',
    paymentStatus: 'paid',
    invoiceAvailable: false,
  }) as unknown as OrderRecord;

describe('an order’s ship and cancel dialogs', () => {
  test('ship sends the courier and AWB, and the tracking link and date only when given', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /orders/o1/steps': fail(400, 'Give the courier and the AWB number.'),
    });
    renderAdmin(<OrderActions order={order('packed')} />, { resource: 'orders' });
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Give the courier and the AWB number.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ship' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByRole('textbox', { name: /Courier/ }), 'Delhivery');
    await user.type(within(again).getByRole('textbox', { name: /AWB/ }), '1234567890');
    await user.type(
      within(again).getByRole('textbox', { name: 'Tracking link' }),
      'https://delhivery.com/t/1234567890',
    );
    await user.click(within(again).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { to: 'shipped', courier: '', awb: '' },
      {
        to: 'shipped',
        courier: 'Delhivery',
        awb: '1234567890',
        trackingUrl: 'https://delhivery.com/t/1234567890',
      },
    ]);
  });

  test('cancel needs a reason, which is sent for the shopper; the API’s refusal is shown', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /orders/o1/cancel': fail(409, 'A shipped order cannot be cancelled.'),
    });
    // The reason is asked with the browser's prompt: the shop assistant first gives none, then one.
    const prompt = vi.fn().mockReturnValueOnce('').mockReturnValueOnce('Out of stock in M');
    vi.stubGlobal('prompt', prompt);
    renderAdmin(<OrderActions order={order('confirmed')} />, { resource: 'orders' });
    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    await user.click(cancel);
    expect(prompt).toHaveBeenCalledWith('Why is the order cancelled? The shopper reads this.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(cancel);
    expect(await screen.findByText('A shipped order cannot be cancelled.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Out of stock in M' }]);
  });
});

describe('booking an order’s shipment', () => {
  test('Book shipment books the order and shows its courier and AWB', async () => {
    const user = userEvent.setup({ delay: null });
    const booked = {
      orderId: 'o1',
      orderNumber: 'VST-001001',
      ok: true,
      awb: 'SR0005000002',
      courierName: 'Delhivery Surface',
      message: null,
    };
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /shipments/book': { results: [booked] },
    });
    renderAdmin(<OrderActions order={order('placed')} />, { resource: 'orders' });
    await user.click(await screen.findByRole('button', { name: 'Book shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking: 1 booked' });
    expect(within(dialog).getByText('Delhivery Surface · AWB SR0005000002')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: ['o1'] }]);
  });

  test('a failed booking names its reason; a shipped order has no Book shipment', async () => {
    const user = userEvent.setup({ delay: null });
    stubAdminApi({
      'GET /auth/me': session('owner'),
      'POST /shipments/book': {
        results: [
          {
            orderId: 'o1',
            orderNumber: 'VST-001001',
            ok: false,
            awb: null,
            courierName: null,
            message: 'No courier serves this pincode.',
          },
        ],
      },
    });
    const { unmount } = renderAdmin(<OrderActions order={order('confirmed')} />, { resource: 'orders' });
    await user.click(await screen.findByRole('button', { name: 'Book shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking: 0 booked, 1 failed' });
    expect(within(dialog).getByText('No courier serves this pincode.')).toBeTruthy();
    unmount();

    renderAdmin(<OrderActions order={order('shipped')} />, { resource: 'orders' });
    await screen.findByRole('button', { name: 'Resend confirmation' });
    expect(screen.queryByRole('button', { name: 'Book shipment' })).toBeNull();
  });
});
