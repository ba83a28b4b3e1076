import { ADMIN_ROLES, type AdminRole } from '@vastra/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { App } from './App';
import { refreshSession } from './authProvider';
import { fail, stubAdminApi } from './test/http';
import { session } from './test/render';

/** The menu each role sees, in order (docs/admin.md "Staff and roles"). */
const MENUS: Record<AdminRole, string[]> = {
  owner: [
    'Dashboard',
    'Orders',
    'Returns',
    'Exchanges',
    'Grievances',
    'Refunds',
    'Customers',
    'Products',
    'Reviews',
    'Size charts',
    'Policies',
    'Coupons',
    'Gift cards',
    'Staff',
    'Audit log',
    'Jobs',
    'Data breaches',
    'Categories',
    'Collections',
    'Search synonyms',
    'Homepage',
    'Failed deliveries',
    'COD remittance',
    'GST reports',
    'GST rates',
    'Delivery zones',
    'Store settings',
    'Webhooks',
    'My account',
  ],
  staff: [
    'Dashboard',
    'Orders',
    'Returns',
    'Exchanges',
    'Grievances',
    'Refunds',
    'Customers',
    'Products',
    'Reviews',
    'Size charts',
    'Coupons',
    'Gift cards',
    'Categories',
    'Collections',
    'Search synonyms',
    'Homepage',
    'Failed deliveries',
    'COD remittance',
    'GST reports',
    'My account',
  ],
  support: [
    'Dashboard',
    'Orders',
    'Returns',
    'Exchanges',
    'Grievances',
    'Customers',
    'Failed deliveries',
    'My account',
  ],
};

describe("each role's menu", () => {
  beforeEach(() => {
    refreshSession();
    window.history.replaceState(null, '', '/admin/');
  });

  test.each(ADMIN_ROLES)('%s sees its screens and no other', async (role) => {
    stubAdminApi({ 'GET /auth/me': session(role), 'GET /dashboard': fail(404, 'No dashboard in this test') });
    render(<App />);
    const menu = await screen.findByRole('menu');
    await within(menu).findByText('My account');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(MENUS[role]);
  });
});
