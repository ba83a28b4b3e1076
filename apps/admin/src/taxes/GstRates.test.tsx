import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { GstRates } from './GstRates';

test('a new slab is saved only when valid, as paise and basis points; the refusal is not a save', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /tax-rates': [],
    'GET /categories': [],
    'POST /tax-rates': fail(409, 'A slab for HSN 61 already covers these prices.'),
  });
  renderAdmin(<GstRates />);
  expect(await screen.findByText('No slabs: every product pays 18 %.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Add a slab' }));
  const hsn = screen.getByRole('textbox', { name: 'HSN prefix' });
  await user.type(hsn, '6');
  expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  await user.type(hsn, '1');
  await user.type(screen.getByRole('textbox', { name: 'Up to (₹ per piece)' }), '1000.50');
  await user.type(screen.getByRole('textbox', { name: 'Note' }), ' Knitted, low value ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/tax-rates')).toBe(true));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    hsnPrefix: '61',
    categoryId: null,
    minUnitPaise: 0,
    maxUnitPaise: 100050,
    rateBasisPoints: 500,
    description: 'Knitted, low value',
  });
  // Refused: the form stays open with what was typed.
  expect((screen.getByRole('textbox', { name: 'HSN prefix' }) as HTMLInputElement).value).toBe('61');
});

test('an upper end below the lower one cannot be saved', async () => {
  const user = userEvent.setup({ delay: null });
  stubAdminApi({ 'GET /auth/me': session('owner'), 'GET /tax-rates': [], 'GET /categories': [] });
  renderAdmin(<GstRates />);
  await user.click(await screen.findByRole('button', { name: 'Add a slab' }));
  const from = screen.getByRole('textbox', { name: 'From (₹ per piece)' });
  await user.clear(from);
  await user.type(from, '2500');
  await user.type(screen.getByRole('textbox', { name: 'Up to (₹ per piece)' }), '1000');
  expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
});
