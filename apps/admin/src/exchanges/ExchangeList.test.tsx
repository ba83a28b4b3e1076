import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRole } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { ExchangeList } from './ExchangeList';

const exchange = (status: string, reason = 'size') => ({
  id: 'e1',
  orderId: 'o1',
  orderNumber: 'VST-1001',
  orderItemId: 'i1',
  productId: 'p1',
  name: 'Chikan kurta',
  quantity: 1,
  status,
  statusLabel: status,
  reason,
  comment: 'Too tight at the shoulders',
  from: { variantId: 'v1', sku: 'CK-M', size: 'M', color: 'White', unitPrice: 999 },
  to: { variantId: 'v2', sku: 'CK-L', size: 'L', color: 'White', unitPrice: 1199 },
  priceDifference: 200,
  settlement: 'wallet_debit',
  decisionNote: null,
  courier: null,
  awb: null,
  restocked: null,
  creditNoteNumber: null,
  invoiceNumber: null,
  files: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

function show(status: string, role: AdminRole = 'staff', reason = 'size') {
  const calls = stubAdminApi({
    'GET /auth/me': session(role),
    'GET /exchanges': { rows: [exchange(status, reason)], total: 1 },
    'POST /exchanges/e1/approve': { exchange: exchange('approved') },
    'POST /exchanges/e1/pickup': fail(409, 'Refused in this test'),
  });
  renderAdmin(<ExchangeList />, { resource: 'exchanges' });
  return calls;
}

describe('the exchanges queue', () => {
  test('an asked-for exchange shows both sizes and the difference paid, and is approved', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show('requested');
    const card = await screen.findByTestId('exchange-VST-1001');
    expect(card.textContent).toContain('size M (White) → size L (White, SKU CK-L)');
    expect(card.textContent).toContain('shopper paid ₹ 200 from store credit');
    await user.click(await within(card).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/exchanges/e1/approve')).toBe(true));
  });

  test('picked up: a damaged piece is not put back in stock unless ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show('approved', 'staff', 'damaged');
    const card = await screen.findByTestId('exchange-VST-1001');
    const box = await within(card).findByRole('checkbox', { name: 'Put Chikan kurta (size M) × 1 back in stock' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Mark picked up' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/exchanges/e1/pickup')).toBe(true));
    expect(calls.find((c) => c.path === '/exchanges/e1/pickup')?.body).toEqual({ restock: false });
  });

  test('support reads the queue without any step', async () => {
    const calls = show('requested', 'support');
    const card = await screen.findByTestId('exchange-VST-1001');
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(card.textContent).toContain('VST-1001');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
