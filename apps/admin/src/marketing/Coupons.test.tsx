import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { CouponCreate } from './Coupons';

// The form is submitted directly: in happy-dom a click on Save does not reach react-admin's submit
// while a number field is outside its min, max or step; the messages tested are the app's own.
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('a new coupon: its code and percentage are checked, and rupees are sent as paise', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'GET /coupons/categories': [],
    'POST /coupons': fail(409, 'This code is taken.'),
  });
  renderAdmin(<CouponCreate />, { resource: 'coupons' });
  const code = await screen.findByRole('textbox', { name: /Code/ });
  await user.type(code, 'D!');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), '10 % off kurtas');
  const percent = screen.getByRole('spinbutton', { name: /Percent off/ });
  await user.type(percent, '120');
  submit();
  expect(await screen.findByText('Use 3 to 20 letters and digits.')).toBeTruthy();
  expect(await screen.findByText(/100 or less/)).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.clear(code);
  await user.type(code, 'KURTA10');
  await user.clear(percent);
  await user.type(percent, '10');
  await user.type(screen.getByRole('spinbutton', { name: /Largest discount/ }), '250');
  submit();
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
    code: 'KURTA10',
    description: '10 % off kurtas',
    discountType: 'percentage',
    discountValue: 10,
    maxDiscountPaise: 25000,
    minOrderPaise: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    advertised: false,
  });
});
