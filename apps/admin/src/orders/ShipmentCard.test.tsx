import { screen } from '@testing-library/react';
import type { AdminShipment } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { ShipmentCard } from './ShipmentCard';

const shipment = (over: Partial<AdminShipment>): AdminShipment => ({
  id: 's1',
  orderId: 'o1',
  provider: 'shiprocket',
  status: 'booked',
  providerOrderId: '5000001',
  providerShipmentId: '5000002',
  courierId: 14,
  courierName: 'Delhivery Surface',
  awb: 'SR0005000002',
  trackingUrl: 'https://shiprocket.co/tracking/SR0005000002',
  labelUrl: '/admin/api/shipments/documents/label-1',
  manifestUrl: null,
  pickupScheduledFor: null,
  pickupToken: null,
  lastError: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

describe('the order’s shipment card', () => {
  test('a booked shipment shows its courier, AWB and label', async () => {
    stubAdminApi({ 'GET /auth/me': session('staff'), 'GET /orders/o1/shipment': shipment({}) });
    renderAdmin(<ShipmentCard orderId="o1" updatedAt="t1" />);
    expect((await screen.findByTestId('shipment-status')).textContent).toBe('Booked · shiprocket');
    expect(screen.getByText('Delhivery Surface · AWB SR0005000002')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Label (PDF)' })).toBeTruthy();
  });

  test('a cancelled order’s shipment shows it cancelled at the courier, without its label', async () => {
    stubAdminApi({ 'GET /auth/me': session('staff'), 'GET /orders/o1/shipment': shipment({ status: 'cancelled' }) });
    renderAdmin(<ShipmentCard orderId="o1" updatedAt="t1" />);
    expect((await screen.findByTestId('shipment-status')).textContent).toBe('Cancelled at the courier · shiprocket');
    expect(screen.getByText('Delhivery Surface · AWB SR0005000002')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Label (PDF)' })).toBeNull();
  });

  test('while the courier service fails, the cancellation shows why', async () => {
    const failing = shipment({
      status: 'cancelling',
      lastError: 'The courier service did not answer; the cancellation is tried again.',
    });
    stubAdminApi({ 'GET /auth/me': session('staff'), 'GET /orders/o1/shipment': failing });
    renderAdmin(<ShipmentCard orderId="o1" updatedAt="t1" />);
    expect((await screen.findByTestId('shipment-status')).textContent).toBe(
      'Being cancelled at the courier · shiprocket',
    );
    expect(screen.getByText('The courier service did not answer; the cancellation is tried again.')).toBeTruthy();
  });
});
