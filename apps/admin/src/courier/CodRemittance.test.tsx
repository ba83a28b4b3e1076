import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemittanceReport } from '@vastra/contracts';
import { expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { CodRemittance } from './CodRemittance';
import { FailedDeliveries } from './FailedDeliveries';

const row = (awb: string, expected: number | null, remitted: number) => ({
  awb,
  orderId: expected === null ? null : `id-${awb}`,
  orderNumber: expected === null ? null : `VST-${awb}`,
  expectedAmount: expected,
  remittedAmount: remitted,
  difference: expected === null ? null : remitted - expected,
  deliveredAt: '2026-11-20T10:00:00.000Z',
  remittanceDate: remitted ? '2026-11-25' : null,
  utr: remitted ? 'UTR0001' : null,
});
const total = (count: number, amount: number) => ({ count, amount });
const REPORT: RemittanceReport = {
  missingAfterDays: 10,
  totals: {
    owed: total(0, 0),
    received: total(1, 999),
    short: total(1, 499),
    unknown: total(1, 750),
    missing: total(0, 0),
  },
  owed: [],
  received: [row('1001', 999, 999)],
  short: [row('1002', 999, 500)],
  unknown: [row('9999', null, 750)],
  missing: [],
  batches: [],
};

test('COD remittance: totals and lists; the chosen CSV is uploaded as text with its name', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'GET /cod-remittance': REPORT,
    'POST /cod-remittance/uploads': {
      batch: {
        id: 'b1',
        fileName: 'nov.csv',
        uploadedBy: 'staff@vastra.local',
        lineCount: 3,
        newLineCount: 3,
        remittedAmount: 2249,
        createdAt: '2026-11-28T10:00:00.000Z',
      },
      duplicate: false,
    },
  });
  renderAdmin(<CodRemittance />);
  const short = await screen.findByRole('table', { name: 'Short or mismatched' });
  expect(within(short).getByText('VST-1002')).toBeTruthy();
  expect(within(short).getByText('− ₹ 499')).toBeTruthy();
  expect(screen.getByRole('table', { name: 'Unknown AWB' })).toBeTruthy();
  expect(screen.queryByRole('table', { name: 'Missing' })).toBeNull();

  const csv = 'AWB,COD Amount,Remitted Amount\n1001,999,999\n';
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File([csv], 'nov.csv', { type: 'text/csv' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fileName: 'nov.csv', csv });
  expect(await screen.findByText('3 of 3 lines counted')).toBeTruthy();
});

test('support sees no upload button', async () => {
  stubAdminApi({ 'GET /auth/me': session('support'), 'GET /cod-remittance': REPORT });
  renderAdmin(<CodRemittance />);
  await screen.findByRole('table', { name: 'Received' });
  expect(screen.queryByText('Upload remittance file')).toBeNull();
});

test('failed deliveries: the reason and the shopper’s answer, a failed one flagged', async () => {
  stubAdminApi({
    'GET /auth/me': session('support'),
    'GET /ndr': [
      {
        orderId: 'o1',
        orderNumber: 'VST-001001',
        awb: '19041424751540',
        courier: 'Delhivery',
        paymentGateway: 'cod',
        reason: 'Consignee not available',
        attemptedAt: '2026-11-28T11:00:00.000Z',
        attempts: 2,
        answer: {
          preferredDate: '2026-11-30',
          phone: '9876543210',
          note: null,
          status: 'failed',
          at: '2026-11-28T12:00:00.000Z',
        },
      },
    ],
  });
  renderAdmin(<FailedDeliveries />);
  const table = await screen.findByRole('table', { name: 'Failed deliveries' });
  expect(within(table).getByText('Consignee not available')).toBeTruthy();
  expect(
    within(table).getByText('Deliver on 2026-11-30, call 9876543210 (not sent to Shiprocket: pass it on)'),
  ).toBeTruthy();
});
