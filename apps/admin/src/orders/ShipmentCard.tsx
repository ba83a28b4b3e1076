/**
 * The order's booked shipment (docs/admin.md "Booking shipments"): provider, courier, AWB, its
 * state (cancelled at the courier with its order), the pickup, the label and manifest PDFs (not
 * once cancelled: that parcel must not go), and why the last step failed. Nothing before a booking.
 */
import { Card, CardContent, Link, Typography } from '@mui/material';
import type { AdminShipment } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { adminApi } from '../client';

const STATUS_TEXT: Record<AdminShipment['status'], string> = {
  booking: 'Being booked',
  failed: 'Booking failed',
  booked: 'Booked',
  pickup_scheduled: 'Pickup scheduled',
  shipped: 'Shipped',
  cancelling: 'Being cancelled at the courier',
  cancelled: 'Cancelled at the courier',
};

export function ShipmentCard({ orderId, updatedAt }: { orderId: string; updatedAt: string }) {
  const [shipment, setShipment] = useState<AdminShipment | null>(null);
  useEffect(() => {
    // Read again whenever the order changes (a booking packs it).
    adminApi.shipments.ofOrder(orderId).then(setShipment, () => setShipment(null));
  }, [orderId, updatedAt]);
  if (!shipment) return null;
  const live = shipment.status !== 'cancelling' && shipment.status !== 'cancelled';
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Shipment
        </Typography>
        <Typography data-testid="shipment-status">
          {STATUS_TEXT[shipment.status]} · {shipment.provider}
        </Typography>
        {shipment.awb ? (
          <Typography>
            {shipment.courierName} · AWB {shipment.awb}
          </Typography>
        ) : null}
        {shipment.pickupScheduledFor ? (
          <Typography>
            Pickup {shipment.pickupScheduledFor}
            {shipment.pickupToken ? ` (${shipment.pickupToken})` : ''}
          </Typography>
        ) : null}
        {shipment.lastError ? <Typography color="error">{shipment.lastError}</Typography> : null}
        {live && shipment.labelUrl ? (
          <Link href={shipment.labelUrl} download sx={{ mr: 2 }}>
            Label (PDF)
          </Link>
        ) : null}
        {live && shipment.manifestUrl ? (
          <Link href={shipment.manifestUrl} download>
            Manifest (PDF)
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
