import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { ImportStock } from './ImportStock';
import { AdjustStock } from './StockDialogs';
import type { Variant } from './status';

const variant = { id: 'v1', sku: 'KUR-M', stock: 3 } as Variant;

describe('the stock forms', () => {
  test('a stock change may not take the size below zero; the change, reason and note are sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /variants/v1/stock': {
        id: 'm1',
        variantId: 'v1',
        reason: 'damaged',
        stockBefore: 3,
        stockAfter: 1,
        actor: 'staff@vastra.local',
        reference: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    });
    renderAdmin(<AdjustStock variant={variant} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const pieces = within(dialog).getByRole('spinbutton', { name: /Pieces/ });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Whole values, as a browser's number field reports them (never a lone "-" on the way to "-5").
    fireEvent.change(pieces, { target: { value: '-5' } });
    expect(within(dialog).getByRole('status').textContent).toBe(ADMIN_MESSAGES.stockBelowZero);
    expect(save.disabled).toBe(true);

    fireEvent.change(pieces, { target: { value: '-2' } });
    expect(within(dialog).getByRole('status').textContent).toBe('3 now, 1 after');
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'damaged' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Torn seam');
    await user.click(save);
    expect(await screen.findByText('KUR-M: 1 in stock')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { mode: 'delta', quantity: -2, reason: 'damaged', note: 'Torn seam' },
    ]);
  });

  test('a stock import is checked first, names every bad line, and is applied only when clean', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /stock/import': ({ body }: Call) => {
        const { csv, dryRun } = body as { csv: string; dryRun: boolean };
        return csv.includes('NOPE')
          ? { applied: false, changes: [], errors: [{ line: 3, sku: 'NOPE', message: 'No such SKU.' }] }
          : { applied: !dryRun, changes: [{ line: 2, sku: 'KUR-M', stockBefore: 3, stockAfter: 8 }], errors: [] };
      },
    });
    renderAdmin(<ImportStock onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const check = within(dialog).getByRole('button', { name: 'Check' }) as HTMLButtonElement;
    const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    const file = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(file, new File(['sku,quantity\nKUR-M,8\nNOPE,2\n'], 'stock.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Quantities are' }));
    await user.click(await screen.findByRole('option', { name: 'The count on the shelf' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'counted' }));
    await waitFor(() => expect(check.disabled).toBe(false));
    await user.click(check);
    expect(await within(dialog).findByText('Line 3 NOPE: No such SKU.')).toBeTruthy();
    expect(within(dialog).getByText('1 bad line; nothing was changed:')).toBeTruthy();
    expect(apply.disabled).toBe(true);

    await user.upload(file, new File(['sku,quantity\nKUR-M,8\n'], 'stock.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    await user.click(check);
    expect(await within(dialog).findByText('Ready: 1 size changes, 0 sizes stay as they are.')).toBeTruthy();
    await user.click(apply);
    expect(await within(dialog).findByText('Imported: 1 size changes, 0 sizes stay as they are.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { mode: 'set', reason: 'counted', csv: 'sku,quantity\nKUR-M,8\nNOPE,2\n', dryRun: true },
      { mode: 'set', reason: 'counted', csv: 'sku,quantity\nKUR-M,8\n', dryRun: true },
      { mode: 'set', reason: 'counted', csv: 'sku,quantity\nKUR-M,8\n', dryRun: false },
    ]);
  });
});
