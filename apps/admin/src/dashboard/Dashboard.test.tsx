import { act, screen, waitFor, within } from '@testing-library/react';
import type { AdminDashboard, CartReminderStats, LegalCheck } from '@vastra/contracts';
import { expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { Dashboard } from './Dashboard';

const figures = { orders: 0, revenuePaise: 0, gstPaise: 0 };
const dashboard: AdminDashboard = {
  today: figures,
  month: figures,
  salesPerDay: [],
  byStatus: [],
  toShip: 0,
  returnsWaiting: 0,
  failedRefunds: 0,
  lowStock: [],
};
const reminders: CartReminderStats = { days: 30, sent: 42, remindedCarts: 30, ordered: 9, orderWithinDays: 7 };
const RULES = 'Consumer Protection (E-Commerce) Rules, 2020';
const requirement = (id: string, label: string, missing: string | null) => ({
  id,
  label,
  law: RULES,
  met: missing === null,
  missing,
});
const allMet: LegalCheck = {
  allMet: true,
  requirements: [requirement('seller-name', 'Seller’s legal name', null)],
};
const lacking: LegalCheck = {
  allMet: false,
  requirements: [
    requirement('seller-name', 'Seller’s legal name', null),
    requirement(
      'customer-care',
      'Customer care contact',
      'No contact email or phone: the storefront shows no customer care line.',
    ),
    requirement(
      'grievance-officer',
      'Grievance officer (name, designation and contact)',
      'Not set: the grievance officer’s designation.',
    ),
  ],
};

test('the dashboard shows the last 30 days’ cart reminders and the reminded carts ordered from within 7 days', async () => {
  const calls = stubAdminApi({
    'GET /auth/me': session('support'),
    'GET /dashboard': dashboard,
    'GET /stats/cart-reminders': reminders,
    'GET /compliance': allMet,
  });
  renderAdmin(<Dashboard />);
  const label = await screen.findByText('Cart reminders sent (last 30 days)');
  const card = label.closest('.MuiCardContent-root') as HTMLElement;
  expect(card.textContent).toContain('42');
  expect(card.textContent).toContain('9 of 30 reminded carts ordered within 7 days');
  expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /stats/cart-reminders');
});

test('what the law asks and the settings lack is listed, with a link to Store settings for the owner', async () => {
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /dashboard': dashboard,
    'GET /stats/cart-reminders': reminders,
    'GET /compliance': lacking,
  });
  renderAdmin(<Dashboard />);
  const card = await screen.findByRole('region', { name: 'Before you sell: what the law asks' });
  expect(within(card).getByText('Customer care contact')).toBeTruthy();
  expect(card.textContent).toContain('No contact email or phone: the storefront shows no customer care line.');
  expect(within(card).getByText('Grievance officer (name, designation and contact)')).toBeTruthy();
  expect(card.textContent).toContain('Not set: the grievance officer’s designation.');
  expect(card.textContent).not.toContain('Seller’s legal name');
  const link = await within(card).findByRole('link', { name: 'Fill these in Store settings' });
  expect(link.getAttribute('href')).toContain('/store-settings');
  expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /compliance');
});

test('support is told the owner fills them in, without a link it may not open', async () => {
  stubAdminApi({
    'GET /auth/me': session('support'),
    'GET /dashboard': dashboard,
    'GET /stats/cart-reminders': reminders,
    'GET /compliance': lacking,
  });
  renderAdmin(<Dashboard />);
  const card = await screen.findByRole('region', { name: 'Before you sell: what the law asks' });
  expect(await within(card).findByText('The store owner fills these in Store settings.')).toBeTruthy();
  expect(within(card).queryByRole('link')).toBeNull();
});

test('nothing about the law when every requirement is met', async () => {
  let answered = false;
  stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /dashboard': dashboard,
    'GET /stats/cart-reminders': reminders,
    'GET /compliance': () => {
      answered = true;
      return allMet;
    },
  });
  renderAdmin(<Dashboard />);
  await waitFor(() => expect(answered).toBe(true));
  await screen.findByText('Cart reminders sent (last 30 days)');
  // Let the answer's parse and render settle before looking for the card.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.queryByText('Before you sell: what the law asks')).toBeNull();
});
