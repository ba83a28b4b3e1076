import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { GiftCardIssue } from './GiftCards';

// The form is submitted directly: in happy-dom a click on Save does not reach react-admin's submit
// while a number field is outside its min, max or step; the messages tested are the app's own.
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('a gift card needs an amount above ₹ 0, and a name when it is mailed; rupees are sent as paise', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'POST /gift-cards': fail(400, 'Refused in this test'),
  });
  renderAdmin(<GiftCardIssue />, { resource: 'gift-cards' });
  const amount = await screen.findByRole('spinbutton', { name: /Amount/ });
  await user.type(amount, '0');
  await user.type(screen.getByRole('textbox', { name: 'Recipient’s email' }), 'meera@example.com');
  submit();
  expect(await screen.findByText('Give an amount above ₹ 0.')).toBeTruthy();
  expect(await screen.findByText('Give the recipient’s name.')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.clear(amount);
  await user.type(amount, '500.5');
  await user.type(screen.getByRole('textbox', { name: 'Recipient’s name' }), ' Meera ');
  submit();
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    amountPaise: 50050,
    expiresAt: null,
    recipient: { email: 'meera@example.com', name: 'Meera', message: '' },
  });
});
