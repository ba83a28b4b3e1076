import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { WebhookCreate } from './WebhookCreate';

test('a webhook needs an event; the address, events and note are sent, and the API’s refusal is shown', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'POST /webhooks': fail(400, 'The address must be https.'),
  });
  const onCreated = vi.fn();
  renderAdmin(<WebhookCreate onCreated={onCreated} />);
  await user.type(await screen.findByRole('textbox', { name: /Address/ }), 'http://erp.example.com/hook');
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Tally');
  const add = screen.getByRole('button', { name: 'Add webhook' }) as HTMLButtonElement;
  // No event chosen: nothing to send.
  expect(add.disabled).toBe(true);

  await user.click(screen.getByRole('checkbox', { name: /\(order\.placed\)/ }));
  await user.click(add);
  expect(await screen.findByText('The address must be https.')).toBeTruthy();
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    url: 'http://erp.example.com/hook',
    events: ['order.placed'],
    description: 'Tally',
  });
  expect(onCreated).not.toHaveBeenCalled();
});
