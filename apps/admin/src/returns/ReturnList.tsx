/**
 * The returns queue (docs/admin.md): asked-for returns first, with the shopper's reason,
 * comment and photos; approve, reject with a note, record the pickup (choosing per line
 * whether the pieces go back in stock; damaged ones are not by default) and refund, after a
 * confirmation naming the amount. Refund needs `refunds.write`, which support lacks.
 */
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  restockedByDefault,
  rupeesToPaise,
  type ReturnRequest,
} from '@vastra/contracts';
import { useState } from 'react';
import {
  Confirm,
  Link,
  List,
  SelectInput,
  useDataProvider,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
} from 'react-admin';
import { rupees } from '../api';
import { can } from '../authProvider';
import type { VastraDataProvider } from '../dataProvider';

const DONE: Record<string, string> = {
  approve: 'Return approved',
  reject: 'Return rejected',
  pickup: 'Return picked up',
  refund: 'Return refunded',
};

function ReturnCard({ request }: { request: ReturnRequest }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  // Per order item: back in stock or not; a damaged piece is not by default.
  const [restock, setRestock] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(request.items.map((i) => [i.orderItemId, restockedByDefault(request.reason)])),
  );
  const [confirmRefund, setConfirmRefund] = useState(false);
  const step = async (name: string, body: Parameters<VastraDataProvider['returnStep']>[2] = {}) => {
    try {
      await dataProvider.returnStep(request.orderId, name, body);
      notify(DONE[name] ?? 'Done', { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const reject = () => {
    const note = window.prompt('Why is the return rejected? The shopper reads this.');
    if (note) void step('reject', { note });
  };
  const writes = can(permissions, 'returns.write');
  return (
    <Card sx={{ mb: 2 }} data-testid={`return-${request.orderNumber}`}>
      <CardContent>
        <Typography component="h2" variant="h6">
          <Link to={`/orders/${request.orderId}/show`}>{request.orderNumber}</Link> ·{' '}
          {RETURN_STATUS_LABELS[request.status]} · {RETURN_REASON_LABELS[request.reason]}
        </Typography>
        <Typography>
          {request.items
            .map((i) => {
              const stock = i.restocked === null ? '' : i.restocked ? ' (back in stock)' : ' (not restocked)';
              return `${i.name} × ${i.quantity}${stock}`;
            })
            .join(', ')}{' '}
          · refund {rupees(rupeesToPaise(request.refundAmount))}
        </Typography>
        {request.comment ? <Typography color="text.secondary">“{request.comment}”</Typography> : null}
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
          {request.files.map((f) =>
            f.contentType.startsWith('image/') ? (
              <a key={f.id} href={f.url} target="_blank" rel="noreferrer">
                <img
                  src={f.url}
                  alt={`Photo sent with return ${request.orderNumber}`}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              </a>
            ) : (
              <a key={f.id} href={f.url} target="_blank" rel="noreferrer">
                Video
              </a>
            ),
          )}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {writes && request.status === 'requested' ? (
            <>
              <Button variant="contained" onClick={() => step('approve')}>
                Approve
              </Button>
              <Button color="error" onClick={reject}>
                Reject
              </Button>
            </>
          ) : null}
          {writes && request.status === 'approved' ? (
            <>
              {request.items.map((i) => (
                <FormControlLabel
                  key={i.orderItemId}
                  control={
                    <Checkbox
                      checked={restock[i.orderItemId] ?? false}
                      onChange={(e) => setRestock((r) => ({ ...r, [i.orderItemId]: e.target.checked }))}
                    />
                  }
                  label={`Put ${i.name} (size ${i.size}) × ${i.quantity} back in stock`}
                />
              ))}
              <Button
                variant="contained"
                onClick={() =>
                  step('pickup', {
                    lines: request.items.map((i) => ({
                      orderItemId: i.orderItemId,
                      restock: restock[i.orderItemId] ?? false,
                    })),
                  })
                }
              >
                Mark picked up
              </Button>
            </>
          ) : null}
          {can(permissions, 'refunds.write') && request.status === 'picked_up' ? (
            <>
              <Button variant="contained" onClick={() => setConfirmRefund(true)}>
                Refund
              </Button>
              <Confirm
                isOpen={confirmRefund}
                title={`Refund ${rupees(rupeesToPaise(request.refundAmount))} for ${request.orderNumber}?`}
                content="The money goes back to the shopper (gift card share first, then the gateway, or by hand for cash on delivery). A refund cannot be undone."
                confirm="Refund"
                onConfirm={() => {
                  setConfirmRefund(false);
                  void step('refund');
                }}
                onClose={() => setConfirmRefund(false)}
              />
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Queue() {
  const { data } = useListContext<ReturnRequest & { id: string }>();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {data?.map((r) => (
        <ReturnCard key={r.id} request={r} />
      ))}
    </Box>
  );
}

export function ReturnList() {
  return (
    <List
      filters={[
        <SelectInput
          key="status"
          source="status"
          choices={RETURN_STATUSES.map((id) => ({ id, name: RETURN_STATUS_LABELS[id] }))}
        />,
      ]}
      exporter={false}
    >
      <Queue />
    </List>
  );
}
