/**
 * Shipping operations on orders (docs/admin.md "Booking shipments"): book the selected orders
 * with the courier (the results per order: booked with the AWB, or failed with the reason), one
 * PDF of their labels or manifest, the courier's pickup, and marking them shipped after it. The
 * list's bulk buttons and the order page's "Book shipment" share the results dialog.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { ShipmentDocument, ShipmentResult } from '@vastra/contracts';
import { useState } from 'react';
import { Button as RaButton, useListContext, useNotify, useRefresh } from 'react-admin';
import { adminApi } from '../client';

/** What a shipping action answered: results per order, or a PDF to download. */
export type ShippingOutcome =
  { title: string; results: ShipmentResult[] } | { title: string; document: ShipmentDocument; linkText: string };

/** The results dialog: each order booked (AWB, courier) or failed (why); or the PDF's link. */
export function ShippingOutcomeDialog({ outcome, onClose }: { outcome: ShippingOutcome | null; onClose: () => void }) {
  const results = outcome && 'results' in outcome ? outcome.results : (outcome?.document.skipped ?? []);
  return (
    <Dialog open={outcome !== null} onClose={onClose} fullWidth aria-labelledby="shipping-outcome-title">
      <DialogTitle id="shipping-outcome-title">{outcome?.title}</DialogTitle>
      <DialogContent>
        {outcome && 'document' in outcome ? (
          <Typography sx={{ mb: 1 }}>
            <a href={outcome.document.url} download>
              {outcome.linkText}
            </a>{' '}
            ({outcome.document.orderIds.length} {outcome.document.orderIds.length === 1 ? 'order' : 'orders'})
          </Typography>
        ) : null}
        <List dense aria-label="Results per order">
          {results.map((r) => (
            <ListItem key={r.orderId} disableGutters>
              <ListItemText
                primary={`${r.orderNumber ?? r.orderId}: ${r.ok ? 'done' : 'failed'}`}
                secondary={r.ok ? [r.courierName, r.awb && `AWB ${r.awb}`].filter(Boolean).join(' · ') : r.message}
                slotProps={{ secondary: { color: r.ok ? 'text.secondary' : 'error' } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Runs a shipping action and turns its answer (or its error) into the dialog or a notice. */
export function useShippingAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [outcome, setOutcome] = useState<ShippingOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<ShippingOutcome>) => {
    setBusy(true);
    try {
      setOutcome(await work());
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const dialog = <ShippingOutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />;
  return { run, busy, dialog };
}

const summary = (results: ShipmentResult[], done: string) => {
  const failed = results.filter((r) => !r.ok).length;
  return `${results.length - failed} ${done}${failed ? `, ${failed} failed` : ''}`;
};

/** The list's bulk buttons for the selected orders. */
export function BulkShippingActions() {
  const { selectedIds } = useListContext();
  const ids = selectedIds.map(String);
  const { run, busy, dialog } = useShippingAction();
  return (
    <>
      <RaButton
        label="Book shipment"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { results } = await adminApi.shipments.book(ids);
            return { title: `Booking: ${summary(results, 'booked')}`, results };
          })
        }
      />
      <RaButton
        label="Download labels"
        disabled={busy}
        onClick={() =>
          run(async () => ({
            title: 'Shipping labels',
            document: await adminApi.shipments.labels(ids),
            linkText: 'Labels (PDF)',
          }))
        }
      />
      <RaButton
        label="Manifest"
        disabled={busy}
        onClick={() =>
          run(async () => ({
            title: 'Manifest',
            document: await adminApi.shipments.manifest(ids),
            linkText: 'Manifest (PDF)',
          }))
        }
      />
      <RaButton
        label="Schedule pickup"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { results } = await adminApi.shipments.pickup(ids);
            return { title: `Pickup: ${summary(results, 'scheduled')}`, results };
          })
        }
      />
      <RaButton
        label="Mark shipped"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { results } = await adminApi.shipments.ship(ids);
            return { title: `Shipped: ${summary(results, 'shipped')}`, results };
          })
        }
      />
      {dialog}
    </>
  );
}

/** The order page's "Book shipment". */
export function BookShipmentButton({ orderId }: { orderId: string }) {
  const { run, busy, dialog } = useShippingAction();
  return (
    <>
      <Button
        variant="contained"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { results } = await adminApi.shipments.book([orderId]);
            return { title: `Booking: ${summary(results, 'booked')}`, results };
          })
        }
      >
        Book shipment
      </Button>
      {dialog}
    </>
  );
}
