import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRole } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { ReturnList } from './ReturnList';

const request = (status: string) => ({
  id: 'r1',
  orderId: 'o1',
  orderNumber: 'VST-1001',
  kind: 'partial',
  status,
  reason: 'damaged',
  comment: 'Torn seam',
  items: [
    { orderItemId: 'i1', name: 'Chikan kurta', size: 'M', quantity: 1, restocked: null },
    { orderItemId: 'i2', name: 'Palazzo', size: 'L', quantity: 2, restocked: null },
  ],
  files: [],
  refundAmount: 1499,
  giftCardRefundAmount: 0,
  gatewayRefundAmount: 1499,
  decisionNote: null,
  creditNoteUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

function show(status: string, role: AdminRole = 'staff') {
  const calls = stubAdminApi({
    'GET /auth/me': session(role),
    'GET /returns': { rows: [request(status)], total: 1 },
    'POST /orders/o1/return/pickup': fail(409, 'Refused in this test'),
    'POST /orders/o1/return/refund': fail(409, 'Refused in this test'),
  });
  renderAdmin(<ReturnList />, { resource: 'returns' });
  return calls;
}

describe('the returns queue', () => {
  test('picked up: a damaged piece is not put back in stock unless ticked, per line', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show('approved');
    const card = await screen.findByTestId('return-VST-1001');
    const kurta = await within(card).findByRole('checkbox', { name: 'Put Chikan kurta (size M) × 1 back in stock' });
    expect((kurta as HTMLInputElement).checked).toBe(false);
    await user.click(within(card).getByRole('checkbox', { name: 'Put Palazzo (size L) × 2 back in stock' }));
    await user.click(within(card).getByRole('button', { name: 'Mark picked up' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/orders/o1/return/pickup')).toBe(true));
    expect(calls.find((c) => c.path === '/orders/o1/return/pickup')?.body).toEqual({
      lines: [
        { orderItemId: 'i1', restock: false },
        { orderItemId: 'i2', restock: true },
      ],
    });
  });

  test('a refund is sent only after the confirmation naming the amount', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show('picked_up');
    const card = await screen.findByTestId('return-VST-1001');
    await user.click(await within(card).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Refund ₹ 1,499 for VST-1001?');
    expect(calls.some((c) => c.path === '/orders/o1/return/refund')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/orders/o1/return/refund')).toBe(true));
  });

  test('support reads the queue without any step', async () => {
    const calls = show('picked_up', 'support');
    const card = await screen.findByTestId('return-VST-1001');
    // The buttons follow the permissions, read from /auth/me: checked once they have arrived.
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(card.textContent).toContain('VST-1001');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
