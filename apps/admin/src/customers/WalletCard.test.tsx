import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WALLET_MESSAGES, type Wallet } from '@vastra/contracts';
import { expect, test } from 'vitest';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { WalletCard } from './WalletCard';

const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';

const wallet: Wallet = {
  balance: 250,
  entries: [
    {
      id: 'e2',
      kind: 'debit',
      source: 'order',
      amount: -150,
      reason: 'Paid for order VST-000101',
      orderId: 'o1',
      orderNumber: 'VST-000101',
      returnRequestId: null,
      expiresAt: null,
      createdAt: '2026-11-20T06:30:00.000Z',
    },
    {
      id: 'e1',
      kind: 'credit',
      source: 'refund',
      amount: 400,
      reason: 'Return of order VST-000090',
      orderId: 'o0',
      orderNumber: 'VST-000090',
      returnRequestId: 'r0',
      expiresAt: null,
      createdAt: '2026-11-10T06:30:00.000Z',
    },
  ],
};

test('the customer’s store credit: balance and ledger; the owner credits with a reason and sees the API’s refusal', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    [`GET /customers/${CUSTOMER}/wallet`]: wallet,
    [`POST /customers/${CUSTOMER}/wallet`]: ({ body }: Call) => {
      const { direction, amount, reason } = body as { direction: string; amount: number; reason: string };
      if (direction === 'debit') return fail(400, WALLET_MESSAGES.notEnough);
      return {
        balance: wallet.balance + amount,
        entries: [
          {
            ...wallet.entries[1]!,
            id: 'e3',
            source: 'promotion',
            amount,
            reason,
            orderId: null,
            orderNumber: null,
            returnRequestId: null,
            expiresAt: '2026-12-28T06:30:00.000Z',
          },
          ...wallet.entries,
        ],
      };
    },
  });
  renderAdmin(<WalletCard customerId={CUSTOMER} canAdjust />);
  expect((await screen.findByTestId('wallet-balance')).textContent).toBe('Balance ₹ 250');
  const ledger = screen.getByRole('table', { name: 'Store credit ledger' });
  const rows = within(ledger).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    '20/11/2026Debit− ₹ 150Paid for order VST-000101 · VST-000101',
    '10/11/2026Credit+ ₹ 400Return of order VST-000090 · VST-000090',
  ]);
  expect(within(ledger).getByRole('link', { name: 'VST-000101' })).toBeTruthy();

  const add = screen.getByRole('button', { name: 'Add store credit' });
  expect((add as HTMLButtonElement).disabled).toBe(true);
  await user.type(screen.getByRole('spinbutton', { name: 'Amount (₹)' }), '100');
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Sorry for the late parcel');
  await user.click(add);
  expect(await screen.findByText('Balance ₹ 350')).toBeTruthy();
  expect(await screen.findByText(/Store credit added/)).toBeTruthy();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    direction: 'credit',
    amount: 100,
    reason: 'Sorry for the late parcel',
  });

  await user.click(screen.getByRole('combobox', { name: 'Credit or debit' }));
  await user.click(await screen.findByRole('option', { name: 'Debit' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Amount (₹)' }), '5000');
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Too much');
  await user.click(screen.getByRole('button', { name: 'Take off store credit' }));
  expect(await screen.findByText(WALLET_MESSAGES.notEnough)).toBeTruthy();
  expect(screen.getByTestId('wallet-balance').textContent).toBe('Balance ₹ 350');
});

test('staff and support read the store credit but cannot change it', async () => {
  stubAdminApi({ 'GET /auth/me': session('support'), [`GET /customers/${CUSTOMER}/wallet`]: wallet });
  renderAdmin(<WalletCard customerId={CUSTOMER} canAdjust={false} />);
  expect((await screen.findByTestId('wallet-balance')).textContent).toBe('Balance ₹ 250');
  expect(screen.queryByRole('button', { name: /store credit/ })).toBeNull();
});
