/**
 * One order (docs/admin.md): items with their GST split and the GST rule and slab that taxed
 * each, totals, the delivery address, payment and refunds, the timeline, the customer and
 * internal notes; the store's next step (ship asks for courier, AWB, tracking link and expected
 * delivery), cancel with a reason, a cash on delivery order's cash collected or refused at the
 * door, resend the confirmation, the invoice and a printable packing slip. Buttons a role may
 * not use are not shown (the API refuses them too).
 */
import {
  Box,
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ORDER_STATUS_LABELS,
  rupeesToPaise,
  type AdminNote,
  type CustomerRow,
  type Order,
  type OrderLineTaxRule,
} from '@vastra/contracts';
import { type ReactNode } from 'react';
import { Link, Loading, Title, useRecordContext, Show } from 'react-admin';
import { istDateTime, rupees } from '../api';
import { phoneText } from '../customers/phone-text';
import { NotesCard } from './NotesCard';
import { OrderActions } from './OrderActions';
import { ShipmentCard } from './ShipmentCard';

export type OrderRecord = Order & { customer: CustomerRow | null; notes: AdminNote[]; taxRules: OrderLineTaxRule[] };

/**
 * ["HSN 62", "₹ 2,500.01 and above", "18 %"]: the rule (HSN prefix and/or category), slab and
 * rate that taxed a line, as parts that each stay on one line.
 */
function taxRuleParts(rule: OrderLineTaxRule['rule'], ratePercent: number): string[] {
  if (!rule) return [`${ratePercent} %`, '(no rule recorded)'];
  const who = [
    rule.hsnPrefix ? `HSN ${rule.hsnPrefix}` : null,
    rule.categoryId ? `Category ${rule.categoryPath ?? rule.categoryId}` : null,
  ].filter((part): part is string => part !== null);
  const slab =
    rule.maxUnitPaise === null
      ? rule.minUnitPaise > 0
        ? `${rupees(rule.minUnitPaise)} and above`
        : 'any value'
      : rule.minUnitPaise > 0
        ? `${rupees(rule.minUnitPaise)} to ${rupees(rule.maxUnitPaise)}`
        : `up to ${rupees(rule.maxUnitPaise)}`;
  return [...(who.length ? who : ['Default rule']), slab, `${rule.rateBasisPoints / 100} %`];
}

/** Parts joined by " · ", none broken inside: a narrow column wraps between them only. */
function Unbroken({ parts }: { parts: string[] }) {
  return parts.map((part, i) => (
    <Box component="span" key={part} sx={{ whiteSpace: 'nowrap' }}>
      {i > 0 ? ' · ' : ''}
      {part}
    </Box>
  ));
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const money = (rupeesAmount: number) => rupees(rupeesToPaise(rupeesAmount));
const label = (status: Order['status']) => ORDER_STATUS_LABELS[status] ?? status;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
function OrderDetail() {
  const order = useRecordContext<OrderRecord>();
  // react-admin first shows the list's row (no items yet) while the detail loads.
  if (!order?.items) return <Loading />;
  const address = order.shippingAddress;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`Order ${order.orderNumber}`} />
      <Typography component="h1" variant="h5" gutterBottom>
        {order.orderNumber} · <span data-testid="order-status">{order.statusLabel}</span>
      </Typography>
      <OrderActions order={order} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Box>
          <Section title="Items">
            {/* Wider than a phone: it scrolls, so it takes the keyboard's focus to be scrolled. */}
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Items">
              <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Item</TableCell>
                    <TableCell>HSN</TableCell>
                    <TableCell align="right">Qty</TableCell>
                    <TableCell align="right">Taxable</TableCell>
                    <TableCell align="right">GST</TableCell>
                    <TableCell align="right">Total</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {order.items.map((item) => {
                    const taxRule = order.taxRules?.find((r) => r.itemId === item.id)?.rule ?? null;
                    return (
                      <TableRow key={item.id}>
                        <TableCell sx={{ minWidth: '9rem' }}>
                          {item.name} · {item.size} · {item.color}
                          <Typography variant="body2" color="text.secondary">
                            {item.sku}
                            {item.returnedQuantity > 0 ? ` · ${item.returnedQuantity} returned and refunded` : ''}
                          </Typography>
                          <Typography variant="body2" color="text.secondary" data-testid="tax-rule">
                            GST rule: <Unbroken parts={taxRuleParts(taxRule, item.taxRate)} />
                            {taxRule?.description ? ` (${taxRule.description})` : ''}
                          </Typography>
                        </TableCell>
                        <TableCell>{item.hsnCode}</TableCell>
                        <TableCell align="right">{item.quantity}</TableCell>
                        <TableCell align="right" sx={NOWRAP}>
                          {money(item.taxableValue)}
                        </TableCell>
                        <TableCell align="right" sx={NOWRAP}>
                          {item.igst > 0 ? (
                            `IGST ${item.taxRate} % ${money(item.igst)}`
                          ) : (
                            <>
                              CGST {money(item.cgst)}
                              <br />+ SGST {money(item.sgst)}
                            </>
                          )}
                        </TableCell>
                        <TableCell align="right" sx={NOWRAP}>
                          {money(item.total)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
            <Stack sx={{ mt: 2 }} spacing={0.5}>
              <Typography>Subtotal {money(order.subtotal)}</Typography>
              {order.discountAmount > 0 ? <Typography>Discount −{money(order.discountAmount)}</Typography> : null}
              <Typography>Delivery charge {money(order.shippingAmount)}</Typography>
              {order.codFee > 0 ? <Typography>COD fee {money(order.codFee)}</Typography> : null}
              {order.taxes.map((t) => (
                <Typography key={t.name}>
                  {t.name} {t.rate} % {money(t.amount)}
                </Typography>
              ))}
              <Typography sx={{ fontWeight: 700 }}>Total {money(order.totalAmount)}</Typography>
            </Stack>
          </Section>
          <Section title="Timeline">
            {order.timeline.map((event, i) => (
              <Typography key={i}>
                {istDateTime(event.at)}: {label(event.status)}
                {event.note ? ` — ${event.note}` : ''}
              </Typography>
            ))}
          </Section>
        </Box>
        <Box>
          <Section title="Customer">
            {order.customer ? (
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <Link to={`/customers/${order.customer.id}/show`}>
                  {order.customer.name || phoneText(order.customer)}
                </Link>
                <br />
                {order.customer.email ?? phoneText(order.customer)}
              </Typography>
            ) : null}
            <Typography sx={{ mt: 1 }}>
              {address.firstName} {address.lastName}
              <br />
              {address.street}, {address.city}
              <br />
              {address.state} {address.postalCode}
              <br />
              Phone {address.phone}
            </Typography>
            {order.buyerGstin ? (
              <Typography sx={{ mt: 1 }} data-testid="business-buyer">
                Business buyer (B2B): {order.buyerBusinessName}
                <br />
                GSTIN {order.buyerGstin}
              </Typography>
            ) : null}
          </Section>
          <Section title="Payment">
            <Typography>
              {order.paymentGateway} · {order.paymentStatus}
              {order.paidAt ? ` · paid ${istDateTime(order.paidAt)}` : ''}
            </Typography>
            {order.giftCardAmount > 0 ? <Typography>Gift card {money(order.giftCardAmount)}</Typography> : null}
            {order.walletAmount > 0 ? <Typography>Store credit {money(order.walletAmount)}</Typography> : null}
            {order.refunds.map((r) => (
              <Typography key={r.id}>
                Refund {money(r.amount)} · {r.method} · {r.status}
              </Typography>
            ))}
            {order.shipment ? (
              <Typography sx={{ mt: 1 }}>
                {order.shipment.courier} · AWB {order.shipment.awb}
                {order.shipment.trackingUrl ? (
                  <>
                    {' · '}
                    <MuiLink href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                      tracking
                    </MuiLink>
                  </>
                ) : null}
              </Typography>
            ) : null}
            {order.cancelReason ? <Typography>Cancelled: {order.cancelReason}</Typography> : null}
          </Section>
          <ShipmentCard orderId={order.id} updatedAt={order.updatedAt} />
          <NotesCard entity="orders" id={order.id} notes={order.notes} />
        </Box>
      </Box>
    </Box>
  );
}

export function OrderShow() {
  return (
    <Show actions={false} title={false} component="div">
      <OrderDetail />
    </Show>
  );
}
