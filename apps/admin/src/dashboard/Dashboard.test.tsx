import { screen } from '@testing-library/react';
import type { AdminDashboard, CartReminderStats } from '@vastra/contracts';
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

test('the dashboard shows the last 30 days’ cart reminders and the reminded carts ordered from within 7 days', async () => {
  const calls = stubAdminApi({
    'GET /auth/me': session('support'),
    'GET /dashboard': dashboard,
    'GET /stats/cart-reminders': reminders,
  });
  renderAdmin(<Dashboard />);
  const label = await screen.findByText('Cart reminders sent (last 30 days)');
  const card = label.closest('.MuiCardContent-root') as HTMLElement;
  expect(card.textContent).toContain('42');
  expect(card.textContent).toContain('9 of 30 reminded carts ordered within 7 days');
  expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /stats/cart-reminders');
});
