import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { BulkActions } from './ProductBulk';

const IDS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b2'];

const preview = (applied: boolean) => ({
  applied,
  changes: [
    {
      productId: IDS[0],
      name: 'Chikan kurta',
      variantId: 'v1',
      sku: 'KUR-M',
      size: 'M',
      mrpPaise: 199900,
      before: 149900,
      after: 129950,
    },
  ],
  refused: [{ sku: 'PAL-L', name: 'Palazzo', message: 'The price would be above the MRP.' }],
});

test('a bulk price change is previewed before it is applied; rupees go as paise, the API’s refusal is shown', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'GET /categories': [],
    'GET /collections': [],
    'POST /products/prices': ({ body }: Call) => {
      const { change, dryRun } = body as { change: { kind: string; percent?: number }; dryRun: boolean };
      return change.kind === 'percent' && change.percent === 0
        ? fail(400, 'Give a change other than 0.')
        : preview(!dryRun);
    },
  });
  renderAdmin(
    <ListContextProvider value={{ selectedIds: IDS } as unknown as ListControllerResult}>
      <BulkActions />
    </ListContextProvider>,
    { resource: 'products' },
  );
  await user.click(await screen.findByRole('button', { name: 'Change prices' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Change prices of 2 products')).toBeTruthy();
  const previewButton = within(dialog).getByRole('button', { name: 'Preview' }) as HTMLButtonElement;
  const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
  expect(previewButton.disabled).toBe(true);

  await user.type(within(dialog).getByRole('textbox', { name: /Percent/ }), '0');
  await user.click(previewButton);
  expect(await within(dialog).findByText('Give a change other than 0.')).toBeTruthy();
  expect(apply.disabled).toBe(true);

  await user.click(within(dialog).getByRole('combobox', { name: 'Change' }));
  await user.click(await screen.findByRole('option', { name: 'To one price' }));
  const price = within(dialog).getByRole('textbox', { name: 'New price ₹' });
  await user.clear(price);
  await user.type(price, '1,299.50');
  await user.click(previewButton);
  const table = await within(dialog).findByRole('table', { name: 'Price preview' });
  expect(within(table).getByText('Chikan kurta')).toBeTruthy();
  expect(within(dialog).getByText(/1 sizes stay as they are: PAL-L: The price would be above the MRP\./)).toBeTruthy();

  await user.click(apply);
  expect(await screen.findByText('Prices changed for 1 sizes')).toBeTruthy();
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    { ids: IDS, change: { kind: 'percent', percent: 0 }, dryRun: true },
    { ids: IDS, change: { kind: 'price', pricePaise: 129950 }, dryRun: true },
    { ids: IDS, change: { kind: 'price', pricePaise: 129950 }, dryRun: false },
  ]);
});
