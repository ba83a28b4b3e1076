import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { AccountPage } from './AccountPage';

test('the low-stock threshold takes a whole number up to 10,000 and sends it as a number', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /settings': { requireTotp: false, lowStockThreshold: 3 },
    'PUT /settings': ({ body }: Call) => ({ requireTotp: false, lowStockThreshold: 3, ...(body as object) }),
  });
  renderAdmin(<AccountPage />);
  await user.click(await screen.findByRole('button', { name: 'Show store settings' }));
  const field = await screen.findByRole('textbox', { name: 'Low stock at' });
  const save = screen.getByRole('button', { name: 'Save threshold' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true); // unchanged

  for (const wrong of ['2.5', '10001', 'five']) {
    await user.clear(field);
    await user.type(field, wrong);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
  }
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.clear(field);
  await user.type(field, '10');
  expect(field.getAttribute('aria-invalid')).toBe('false');
  await user.click(save);
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ lowStockThreshold: 10 });
  expect(await screen.findByText('Settings saved')).toBeTruthy();
});
