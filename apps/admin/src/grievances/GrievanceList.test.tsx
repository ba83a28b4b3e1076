import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRole } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { GrievanceList, GrievanceShow } from './GrievanceList';

const grievance = (over: Record<string, unknown> = {}) => ({
  id: 'g1',
  number: 'GRV-2026-000042',
  category: 'delivery',
  description: 'The kurta arrived torn at the seam.',
  orderNumber: 'VST-001234',
  orderId: 'o1',
  userId: null,
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: null,
  status: 'acknowledged',
  lodgedAt: '2026-10-01T10:00:00.000Z',
  acknowledgedAt: '2026-10-01T10:00:00.000Z',
  acknowledgeBy: '2026-10-03T10:00:00.000Z',
  resolveBy: '2026-11-01T10:00:00.000Z',
  resolution: null,
  closedAt: null,
  daysLeft: -3,
  overdue: true,
  updatedAt: '2026-10-01T10:00:00.000Z',
  ...over,
});

function showPage(role: AdminRole) {
  const calls = stubAdminApi({
    'GET /auth/me': session(role),
    'GET /grievances/g1': grievance(),
    'POST /grievances/g1/status': grievance({
      status: 'resolved',
      resolution: 'Refunded',
      closedAt: '2026-11-04T10:00:00.000Z',
    }),
  });
  renderAdmin(<GrievanceShow id="g1" />, { resource: 'grievances' });
  return calls;
}

describe('the grievances queue', () => {
  test('lists the number and marks an overdue grievance OVERDUE', async () => {
    stubAdminApi({
      'GET /auth/me': session('support'),
      'GET /grievances': {
        rows: [grievance(), grievance({ id: 'g2', number: 'GRV-2026-000043', daysLeft: 20, overdue: false })],
        total: 2,
      },
    });
    renderAdmin(<GrievanceList />, { resource: 'grievances' });
    expect(await screen.findByText('GRV-2026-000042', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('OVERDUE by 3 d')).toBeTruthy();
    expect(screen.getByText('20 days left')).toBeTruthy();
  });

  test('the owner resolves with the text the complainant reads', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = showPage('owner');
    const box = await screen.findByLabelText(/Resolution/, {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'VST-001234' })).toBeTruthy();
    await user.type(box, 'Refunded');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/grievances/g1/status')).toBe(true));
    expect(calls.find((c) => c.path === '/grievances/g1/status')?.body).toEqual({
      status: 'resolved',
      resolution: 'Refunded',
    });
  });

  test('support reads the grievance without the form', async () => {
    const calls = showPage('support');
    expect(await screen.findByText('The kurta arrived torn at the seam.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });
});
