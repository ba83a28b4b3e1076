/**
 * An order's buttons (docs/admin.md): book the shipment with the courier (ShippingActions.tsx), the store's next step (ship asks for courier, AWB, tracking
 * link and expected delivery), cancel with a reason, a cash on delivery order's cash collected or
 * refused at the door, resend the confirmation, the invoice and the packing slip. Buttons a role
 * may not use are not shown (the API refuses them too).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { BOOKABLE_ORDER_STATUSES, ORDER_STATUS_LABELS, type Order } from '@vastra/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, usePermissions, useRefresh } from 'react-admin';
import { can } from '../authProvider';
import type { StepBody, VastraDataProvider } from '../dataProvider';
import type { OrderRecord } from './OrderShow';
import { BookShipmentButton } from './ShippingActions';

/** The store's next step from each status, as the order lifecycle allows it. */
const NEXT_STEP: Partial<Record<Order['status'], { to: string; label: string }>> = {
  placed: { to: 'confirmed', label: 'Confirm' },
  confirmed: { to: 'packed', label: 'Mark packed' },
  packed: { to: 'shipped', label: 'Ship' },
  shipped: { to: 'out_for_delivery', label: 'Out for delivery' },
  out_for_delivery: { to: 'delivered', label: 'Mark delivered' },
};
const BOOKABLE: ReadonlySet<string> = new Set(BOOKABLE_ORDER_STATUSES);
const CANCELLABLE = new Set(['pending_payment', 'awaiting_confirmation', 'placed', 'confirmed', 'packed']);
function ShipDialog({ open, onClose, onShip }: { open: boolean; onClose: () => void; onShip: (b: StepBody) => void }) {
  const [form, setForm] = useState({ courier: '', awb: '', trackingUrl: '', estimatedDelivery: '' });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  return (
    <Dialog open={open} onClose={onClose} fullWidth>
      <DialogTitle>Ship the order</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Courier" value={form.courier} onChange={set('courier')} required />
          <TextField label="AWB" value={form.awb} onChange={set('awb')} required />
          <TextField label="Tracking link" value={form.trackingUrl} onChange={set('trackingUrl')} type="url" />
          <TextField
            label="Expected delivery"
            value={form.estimatedDelivery}
            onChange={set('estimatedDelivery')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button
          variant="contained"
          onClick={() =>
            onShip({
              to: 'shipped',
              courier: form.courier,
              awb: form.awb,
              ...(form.trackingUrl ? { trackingUrl: form.trackingUrl } : {}),
              ...(form.estimatedDelivery ? { estimatedDelivery: form.estimatedDelivery } : {}),
            })
          }
        >
          Ship
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Statuses in which the courier holds a cash on delivery parcel: its cash is collected or refused at the door. */
const COD_OUT: ReadonlySet<Order['status']> = new Set(['shipped', 'out_for_delivery']);

export function OrderActions({ order }: { order: OrderRecord }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [shipping, setShipping] = useState(false);
  const next = NEXT_STEP[order.status];

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const step = (body: StepBody) =>
    run(
      () => dataProvider.orderStep(order.id, body),
      `Order ${(ORDER_STATUS_LABELS[body.to as Order['status']] ?? body.to).toLowerCase()}`,
    );
  const cancel = () => {
    const reason = window.prompt('Why is the order cancelled? The shopper reads this.');
    if (reason) void run(() => dataProvider.cancelOrder(order.id, reason), 'Order cancelled');
  };

  const refused = () => {
    if (
      window.confirm('The buyer refused the parcel and paid nothing? The order is cancelled and its stock put back.')
    ) {
      void run(() => dataProvider.recordCod(order.id, false), 'Order cancelled: cash not collected');
    }
  };
  // Cash on delivery still to collect: the courier has the parcel (or delivered it before this was recorded).
  const codPending =
    order.paymentGateway === 'cod' && order.paymentStatus === 'pending' && can(permissions, 'orders.write');
  const codOut = codPending && COD_OUT.has(order.status);
  const codDue = codOut || (codPending && order.status === 'delivered');

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {codDue ? (
        <Button onClick={() => run(() => dataProvider.recordCod(order.id, true), 'Cash recorded as collected')}>
          Cash collected
        </Button>
      ) : null}
      {codOut ? (
        <Button color="error" onClick={refused}>
          Cash not collected (refused)
        </Button>
      ) : null}
      {BOOKABLE.has(order.status) && !order.shipment && can(permissions, 'orders.write') ? (
        <BookShipmentButton orderId={order.id} />
      ) : null}
      {next && can(permissions, 'orders.write') ? (
        <Button variant="contained" onClick={() => (next.to === 'shipped' ? setShipping(true) : step({ to: next.to }))}>
          {next.label}
        </Button>
      ) : null}
      {CANCELLABLE.has(order.status) && can(permissions, 'orders.write') ? (
        <Button color="error" onClick={cancel}>
          Cancel order
        </Button>
      ) : null}
      {can(permissions, 'orders.resend') ? (
        <Button onClick={() => run(() => dataProvider.resendConfirmation(order.id), 'Confirmation sent again')}>
          Resend confirmation
        </Button>
      ) : null}
      {order.invoiceAvailable ? <Button href={`/admin/api/orders/${order.id}/invoice`}>Invoice (PDF)</Button> : null}
      <Button component="a" href={`/admin/orders/${order.id}/packing-slip`} target="_blank">
        Packing slip
      </Button>
      <ShipDialog
        open={shipping}
        onClose={() => setShipping(false)}
        onShip={(body) => {
          setShipping(false);
          void step(body);
        }}
      />
    </Stack>
  );
}
