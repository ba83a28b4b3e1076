/**
 * The exchanges queue (docs/admin.md "Exchanges"), beside the returns queue: asked-for exchanges
 * first, each with the size bought and the one wanted, the reason, photos and the price
 * difference; approve, reject with a reason the shopper reads, record the pickup (the piece back
 * in stock unless damaged, or ticked) or a failed one, ship the replacement with courier and AWB,
 * mark it delivered. The steps need `returns.write`, which support lacks.
 */
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import {
  EXCHANGE_STATUS_LABELS,
  EXCHANGE_STATUSES,
  RETURN_REASON_LABELS,
  restockedByDefault,
  rupeesToPaise,
  type ExchangeRequest,
} from '@vastra/contracts';
import { useState } from 'react';
import {
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
import type { ExchangeStepBody } from '../client';
import type { VastraDataProvider } from '../dataProvider';

const DONE: Record<string, string> = {
  approve: 'Exchange approved',
  reject: 'Exchange rejected',
  pickup: 'Exchange picked up',
  'pickup-failed': 'Pickup failed recorded',
  ship: 'Replacement shipped',
  deliver: 'Replacement delivered',
};

/** What the price difference means for the shopper, in words. */
function difference(exchange: ExchangeRequest): string {
  const amount = rupees(rupeesToPaise(Math.abs(exchange.priceDifference)));
  if (exchange.priceDifference > 0) return `shopper paid ${amount} from store credit`;
  if (exchange.priceDifference < 0) return `${amount} to the shopper's store credit at pickup`;
  return 'same price';
}

function ExchangeCard({ exchange }: { exchange: ExchangeRequest }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [restock, setRestock] = useState(() => restockedByDefault(exchange.reason));
  const step = async (name: string, body: ExchangeStepBody = {}) => {
    try {
      await dataProvider.exchangeStep(exchange.id, name, body);
      notify(DONE[name] ?? 'Done', { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const reject = () => {
    const note = window.prompt('Why is the exchange rejected? The shopper reads this.');
    if (note) void step('reject', { note });
  };
  const ship = () => {
    const courier = window.prompt('Courier of the replacement');
    const awb = courier ? window.prompt('AWB of the replacement') : null;
    if (courier && awb) void step('ship', { courier, awb });
  };
  const writes = can(permissions, 'returns.write');
  const { from, to } = exchange;
  return (
    <Card sx={{ mb: 2 }} data-testid={`exchange-${exchange.orderNumber}`}>
      <CardContent>
        <Typography component="h2" variant="h6">
          <Link to={`/orders/${exchange.orderId}/show`}>{exchange.orderNumber}</Link> ·{' '}
          {EXCHANGE_STATUS_LABELS[exchange.status]} · {RETURN_REASON_LABELS[exchange.reason]}
        </Typography>
        <Typography>
          {exchange.name} × {exchange.quantity}: size {from.size} ({from.color}) → size {to.size} ({to.color}, SKU{' '}
          {to.sku}) · {difference(exchange)}
        </Typography>
        {exchange.comment ? <Typography color="text.secondary">“{exchange.comment}”</Typography> : null}
        {exchange.decisionNote ? <Typography color="text.secondary">Note: {exchange.decisionNote}</Typography> : null}
        {exchange.awb ? (
          <Typography color="text.secondary">
            Replacement: {exchange.courier} AWB {exchange.awb}
          </Typography>
        ) : null}
        {exchange.creditNoteNumber || exchange.invoiceNumber ? (
          <Typography color="text.secondary">
            GST: {[exchange.creditNoteNumber, exchange.invoiceNumber].filter(Boolean).join(', ')}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
          {exchange.files.map((f) => (
            <a key={f.id} href={f.url} target="_blank" rel="noreferrer">
              {f.contentType.startsWith('image/') ? (
                <img
                  src={f.url}
                  alt={`Photo sent with exchange ${exchange.orderNumber}`}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              ) : (
                'Video'
              )}
            </a>
          ))}
        </Stack>
        {writes ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {exchange.status === 'requested' ? (
              <>
                <Button variant="contained" onClick={() => step('approve')}>
                  Approve
                </Button>
                <Button color="error" onClick={reject}>
                  Reject
                </Button>
              </>
            ) : null}
            {exchange.status === 'approved' ? (
              <>
                <FormControlLabel
                  control={<Checkbox checked={restock} onChange={(e) => setRestock(e.target.checked)} />}
                  label={`Put ${exchange.name} (size ${from.size}) × ${exchange.quantity} back in stock`}
                />
                <Button variant="contained" onClick={() => step('pickup', { restock })}>
                  Mark picked up
                </Button>
                <Button color="error" onClick={() => step('pickup-failed')}>
                  Pickup failed
                </Button>
              </>
            ) : null}
            {exchange.status === 'picked_up' ? (
              <Button variant="contained" onClick={ship}>
                Ship replacement
              </Button>
            ) : null}
            {exchange.status === 'shipped' ? (
              <Button variant="contained" onClick={() => step('deliver')}>
                Mark delivered
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Queue() {
  const { data } = useListContext<ExchangeRequest & { id: string }>();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {data?.map((e) => (
        <ExchangeCard key={e.id} exchange={e} />
      ))}
    </Box>
  );
}

export function ExchangeList() {
  return (
    <List
      filters={[
        <SelectInput
          key="status"
          source="status"
          choices={EXCHANGE_STATUSES.map((id) => ({ id, name: EXCHANGE_STATUS_LABELS[id] }))}
        />,
      ]}
      exporter={false}
    >
      <Queue />
    </List>
  );
}
