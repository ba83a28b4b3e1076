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
