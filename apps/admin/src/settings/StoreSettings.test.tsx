import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORE_SETTINGS_MESSAGES } from '@vastra/contracts';
import { expect, test } from 'vitest';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { StoreSettings } from './StoreSettings';

const settings = {
  storeName: 'Vastra',
  logoUrl: null,
  brandColour: '#8a1a42',
  contactEmail: 'hello@vastra.local',
  contactPhone: null,
  sellerName: 'Vastra Retail Pvt Ltd',
  sellerAddress: '12 MG Road, Bengaluru 560001',
  sellerGstin: '29ABCDE1234F1ZW',
  notifyEmail: null,
  codEnabled: true,
  codMaxRupees: 10000,
  codConfirmAboveRupees: null,
  codConfirmHours: 24,
  returnWindowDays: 7,
  storeCreditExpiryDays: null,
  cartRemindersEnabled: true,
  cartReminderFirstHours: 3,
  cartReminderSecondHours: 24,
  dataProtectionOfficerName: null,
  dataProtectionOfficerEmail: null,
  deliveryChargeRupees: 99,
  freeDeliveryFromRupees: 999,
  codFeeRupees: 0,
  paymentGateways: ['sandbox'],
  inactiveAccountErasureYears: 3,
  preferredCourier: null,
  grievanceOfficerName: null,
  grievanceOfficerDesignation: null,
  grievanceOfficerEmail: null,
  grievanceOfficerPhone: null,
};

// The form is submitted directly: in happy-dom a click on Save does not reach react-admin's submit
// while a number field is outside its min, max or step; the messages tested are the app's own.
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('store settings: required fields and limits are named; empty contact fields go as null; the API’s check is shown', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /store-settings': { settings, configuredGateways: ['sandbox'], storeState: '29' },
    'PUT /store-settings': ({ body }: Call) =>
      (body as { brandColour: string }).brandColour === '#ffcc00'
        ? fail(400, STORE_SETTINGS_MESSAGES.colourContrast)
        : { settings: body, configuredGateways: ['sandbox'], storeState: '29' },
  });
  renderAdmin(<StoreSettings />);
  const name = await screen.findByRole('textbox', { name: /Store name/ });
  const codMax = screen.getByRole('spinbutton', { name: /Largest cash on delivery order/ });
  await user.clear(name);
  await user.clear(codMax);
  await user.type(codMax, '-100');
  submit();
  expect(await screen.findByText('Required')).toBeTruthy();
  expect(await screen.findByText('Must be at least 0')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.type(name, 'Vastra Weaves');
  await user.clear(codMax);
  await user.type(codMax, '5000');
  await user.clear(screen.getByRole('textbox', { name: 'Contact email' }));
  await user.type(screen.getByRole('textbox', { name: 'Notification email' }), ' orders@vastra.local ');
  const colour = screen.getByRole('textbox', { name: /Brand colour/ });
  await user.clear(colour);
  await user.type(colour, '#ffcc00');
  submit();
  expect(await screen.findByText(STORE_SETTINGS_MESSAGES.colourContrast)).toBeTruthy();

  await user.clear(colour);
  await user.type(colour, '#5a1030');
  submit();
  expect(await screen.findByText(/Store settings saved/)).toBeTruthy();
  const puts = calls.filter((c) => c.method === 'PUT');
  expect(puts).toHaveLength(2);
  expect(puts[1]?.body).toEqual({
    ...settings,
    storeName: 'Vastra Weaves',
    brandColour: '#5a1030',
    contactEmail: null,
    notifyEmail: 'orders@vastra.local',
    codMaxRupees: 5000,
  });
  await waitFor(() => expect((name as HTMLInputElement).value).toBe('Vastra Weaves'));
});

test('payments: the owner offers Razorpay and puts it before PhonePe; the order is saved', async () => {
  const user = userEvent.setup({ delay: null });
  const configuredGateways = ['phonepe', 'razorpay'];
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /store-settings': {
      settings: { ...settings, paymentGateways: ['phonepe'] },
      configuredGateways,
      storeState: '29',
    },
    'PUT /store-settings': ({ body }: Call) => ({ settings: body, configuredGateways, storeState: '29' }),
  });
  renderAdmin(<StoreSettings />);
  const payments = await screen.findByRole('group', { name: 'Online payment' });
  const razorpay = within(payments).getByRole('checkbox', { name: 'Razorpay' });
  expect(within(payments).getByRole('checkbox', { name: '1. PhonePe' })).toHaveProperty('checked', true);
  expect(razorpay).toHaveProperty('checked', false);

  await user.click(razorpay);
  expect(within(payments).getByRole('checkbox', { name: '2. Razorpay' })).toHaveProperty('checked', true);
  expect(within(payments).getByRole('button', { name: 'Move PhonePe up' })).toHaveProperty('disabled', true);
  await user.click(within(payments).getByRole('button', { name: 'Move Razorpay up' }));
  expect(within(payments).getByRole('checkbox', { name: '1. Razorpay' })).toHaveProperty('checked', true);
  expect(within(payments).getByRole('checkbox', { name: '2. PhonePe' })).toHaveProperty('checked', true);
  submit();
  expect(await screen.findByText(/Store settings saved/, undefined, { timeout: 5000 })).toBeTruthy();
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ paymentGateways: ['razorpay', 'phonepe'] });

  // Not offered any more: PhonePe leaves the order.
  await user.click(within(payments).getByRole('checkbox', { name: '2. PhonePe' }));
  expect(within(payments).getByRole('checkbox', { name: 'PhonePe' })).toHaveProperty('checked', false);
  expect(within(payments).queryByRole('button', { name: /Move/ })).toBeNull();
});

test('cart reminders: the owner switches them off and changes the delays; a delay out of range is named', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /store-settings': { settings, configuredGateways: ['sandbox'], storeState: '29' },
    'PUT /store-settings': ({ body }: Call) => ({ settings: body, configuredGateways: ['sandbox'], storeState: '29' }),
  });
  renderAdmin(<StoreSettings />);
  const on = await screen.findByRole('switch', { name: /Remind shoppers of their idle carts/ });
  expect(on).toHaveProperty('checked', true);
  const first = screen.getByRole('spinbutton', { name: /First reminder after/ });
  const second = screen.getByRole('spinbutton', { name: /Second reminder after the first/ });
  await user.clear(first);
  await user.type(first, '0');
  submit();
  expect(await screen.findByText('Must be at least 1')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.click(on);
  await user.clear(first);
  await user.type(first, '6');
  await user.clear(second);
  await user.type(second, '48');
  submit();
  expect(await screen.findByText(/Store settings saved/)).toBeTruthy();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    ...settings,
    cartRemindersEnabled: false,
    cartReminderFirstHours: 6,
    cartReminderSecondHours: 48,
  });
});

test('data retention: the years an unused account is kept are limited and saved', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /store-settings': { settings, configuredGateways: ['sandbox'], storeState: '29' },
    'PUT /store-settings': ({ body }: Call) => ({ settings: body, configuredGateways: ['sandbox'], storeState: '29' }),
  });
  renderAdmin(<StoreSettings />);
  const years = await screen.findByRole('spinbutton', { name: /Erase shopper accounts unused for \(years\)/ });
  expect(years).toHaveProperty('value', '3');
  await user.clear(years);
  await user.type(years, '11');
  submit();
  expect(await screen.findByText('Must be 10 or less')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  await user.clear(years);
  await user.type(years, '5');
  submit();
  expect(await screen.findByText(/Store settings saved/)).toBeTruthy();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...settings, inactiveAccountErasureYears: 5 });
});
