import { DEFAULT_DELIVERY_SETTINGS } from '@vastra/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { DeliverySettings } from './DeliverySettings';

// The form is submitted directly: in happy-dom a click on Save does not reach react-admin's submit
// while a number field is outside its min, max or step; the messages tested are the app's own.
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('days are whole, from 1 to 30, and the saved zones are the API body', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /delivery-settings': DEFAULT_DELIVERY_SETTINGS,
    'PUT /delivery-settings': ({ body }: { body: unknown }) => body,
  });
  renderAdmin(<DeliverySettings />);
  const metro = await screen.findByRole('spinbutton', { name: 'Metro cities' });
  await user.clear(metro);
  await user.type(metro, '2.5');
  submit();
  expect(await screen.findByText('Whole days')).toBeTruthy();
  await user.clear(metro);
  await user.type(metro, '31');
  submit();
  expect(await screen.findByText(/30 or less/)).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.clear(metro);
  await user.type(metro, '2');
  submit();
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    ...DEFAULT_DELIVERY_SETTINGS,
    days: { ...DEFAULT_DELIVERY_SETTINGS.days, metro: 2 },
  });
});
