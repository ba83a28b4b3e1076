/**
 * The order confirmation mail (behaviour.md §10): text and HTML, itemised, with the GST split
 * (CGST/SGST or IGST), the coupon, the gift card and what is left to pay. Amounts come from
 * the stored order (rupees in the public order shape), formatted as the storefront does.
 */
import { formatPrice, isHttpUrl, type Order } from '@vastra/contracts';
import { FOOTER, escapeHtml, greeting, mailLayout, type MailContent, STORE } from '../../lib/mail-templates';

const PAYMENT_NOTES: Record<Order['paymentGateway'], string> = {
  sandbox: 'Paid online (sandbox test gateway).',
  phonepe: 'Paid online with PhonePe.',
  cod: 'Cash on delivery: please keep the amount ready when your order arrives.',
};

/** The rows of the totals table, label and amount, in the order they are read. */
function totalRows(order: Order): [string, string][] {
  const rows: [string, string][] = [['Subtotal', formatPrice(order.subtotal)]];
  if (order.coupon) rows.push([`Coupon ${order.coupon.code}`, `− ${formatPrice(order.coupon.discountAmount)}`]);
  rows.push(['Delivery', order.shippingAmount > 0 ? formatPrice(order.shippingAmount) : 'FREE']);
  if (order.codFee > 0) rows.push(['COD fee', formatPrice(order.codFee)]);
  for (const tax of order.taxes) {
    rows.push([`${tax.name} ${tax.rate}%${order.pricesIncludeTax ? ' (included)' : ''}`, formatPrice(tax.amount)]);
  }
  rows.push(['Order total', formatPrice(order.totalAmount)]);
  if (order.additionalCoupon)
    rows.push([`Gift card ${order.additionalCoupon.code}`, `− ${formatPrice(order.additionalCoupon.amount)}`]);
  rows.push([order.paymentGateway === 'cod' ? 'To pay on delivery' : 'Amount paid', formatPrice(order.amountPayable)]);
  return rows;
}

function payment(order: Order): string {
  return order.amountPayable === 0 ? 'Paid in full with your gift card.' : PAYMENT_NOTES[order.paymentGateway];
}

/** Subject, text and HTML of the confirmation of a placed order. */
export function orderConfirmationMail({ name, order }: { name: string; order: Order }): MailContent {
  const subject = `Your ${STORE} order ${order.orderNumber} is confirmed`;
  const a = order.shippingAddress;
  const addressLines = [
    `${a.firstName} ${a.lastName}`.trim(),
    a.street,
    `${a.city}, ${a.state} ${a.postalCode}`,
    a.country,
    `Phone ${a.phone}`,
  ];
  const rows = totalRows(order);

  const text = [
    greeting(name),
    '',
    `Thank you for shopping with ${STORE}. Your order ${order.orderNumber} is confirmed.`,
    '',
    'Items:',
    ...order.items.map(
      (i) =>
        `- ${i.name} (size ${i.size}) × ${i.quantity}: ${formatPrice(i.total)}` +
        ` [HSN ${i.hsnCode}, GST ${i.taxRate}% ${formatPrice(i.tax)}]`,
    ),
    '',
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    '',
    payment(order),
    '',
    'Delivering to:',
    ...addressLines,
    '',
    'We will email you again when your order ships, with a link to track it.',
    '',
    '-- ',
    FOOTER,
    '',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #eeeeee;';
  const itemRows = order.items
    .map(
      (i) => `<tr>
<td style="${cell}">${escapeHtml(i.name)}<br><span style="color:#666666;font-size:13px;">Size ${escapeHtml(i.size)} · Qty ${i.quantity} · HSN ${escapeHtml(i.hsnCode)} · GST ${i.taxRate}% ${escapeHtml(formatPrice(i.tax))}</span></td>
<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(formatPrice(i.total))}</td>
</tr>`,
    )
    .join('\n');
  const summaryRows = rows
    .map(
      ([label, amount], index) =>
        `<tr><td style="padding:4px 0;${index === rows.length - 1 ? 'font-weight:700;' : ''}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${index === rows.length - 1 ? 'font-weight:700;' : ''}">${escapeHtml(amount)}</td></tr>`,
    )
    .join('\n');

  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    body: `<p style="margin:0 0 12px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 20px;">Thank you for shopping with ${STORE}. Your order <strong>${escapeHtml(order.orderNumber)}</strong> is confirmed.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin-top:12px;">
${summaryRows}
</table>
<p style="margin:20px 0 4px;">${escapeHtml(payment(order))}</p>
<p style="margin:16px 0 4px;font-weight:700;">Delivering to</p>
<p style="margin:0 0 16px;">${addressLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:0;color:#666666;font-size:14px;">We will email you again when your order ships, with a link to track it.</p>`,
  });
  return { subject, text, html };
}

/** The steps after placing that the shopper hears of by mail (OrdersService.notify). */
export const ORDER_MAIL_EVENTS = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'return_approved',
  'return_rejected',
  'picked_up',
  'refunded',
  'refund_completed',
] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];

/** Refund money in rupees: what is on its way back, through which route. */
function refundLines(order: Order): string[] {
  return order.refunds.map((r) => {
    const route =
      r.method === 'gift_card'
        ? 'to your gift card'
        : r.method === 'manual'
          ? 'paid back by the store'
          : 'to your original payment method';
    return `${formatPrice(r.amount)} ${route} (${r.status})`;
  });
}

/** Subject and paragraphs of each status mail; `link` is the order's page on the storefront. */
function statusContent(event: OrderMailEvent, order: Order): { subject: string; lines: string[] } {
  const n = order.orderNumber;
  const s = order.shipment;
  switch (event) {
    case 'confirmed':
      return {
        subject: `We are getting your ${STORE} order ${n} ready`,
        lines: [`The store has confirmed your order ${n} and is getting it ready.`],
      };
    case 'shipped':
      return {
        subject: `Your ${STORE} order ${n} has shipped`,
        lines: [
          `Your order ${n} is on its way.`,
          ...(s ? [`Courier: ${s.courier}`, `AWB: ${s.awb}`] : []),
          // Mail clients turn addresses into links: only an http(s) one is written.
          ...(isHttpUrl(s?.trackingUrl) ? [`Courier tracking: ${s.trackingUrl}`] : []),
          ...(s?.estimatedDelivery ? [`Expected delivery: ${s.estimatedDelivery.slice(0, 10)}`] : []),
        ],
      };
    case 'delivered':
      return {
        subject: `Your ${STORE} order ${n} was delivered`,
        lines: [
          `Your order ${n} was delivered. We hope you love it.`,
          // Cash on delivery is paid at the door: the mail says the cash was received.
          ...(order.paymentGateway === 'cod' && order.paymentStatus === 'completed' && order.amountPayable > 0
            ? [`We received ${formatPrice(order.amountPayable)} in cash on delivery. Your order is paid.`]
            : []),
        ],
      };
    case 'cancelled':
      return {
        subject: `Your ${STORE} order ${n} is cancelled`,
        lines: [
          `Your order ${n} is cancelled.`,
          ...(order.cancelReason ? [`Reason: ${order.cancelReason}`] : []),
          ...(order.paymentGateway === 'cod' && order.shipment ? ['Nothing is owed for this order.'] : []),
          ...(order.refunds.length > 0 ? ['Refund:', ...refundLines(order)] : []),
        ],
      };
    case 'return_requested':
      return {
        subject: `We received your return request for ${n}`,
        lines: [`We received your return request for order ${n}.`],
      };
    case 'return_approved':
      return {
        subject: `Your return for ${n} is approved`,
        lines: [`Your return for order ${n} is approved. Our courier will pick the items up.`],
      };
    case 'return_rejected':
      return {
        subject: `Your return for ${n} was not approved`,
        lines: [
          `Your return for order ${n} was not approved.`,
          ...(order.returnRequest?.decisionNote ? [`Note: ${order.returnRequest.decisionNote}`] : []),
        ],
      };
    case 'picked_up':
      return {
        subject: `Your return for ${n} was picked up`,
        lines: [`We picked up the items of your return for order ${n}.`],
      };
    case 'refunded':
      return {
        subject: `Your refund for ${n} is on its way`,
        lines: [`Your refund for order ${n} is on its way.`, ...refundLines(order)],
      };
    case 'refund_completed':
      return {
        subject: `Your refund for ${n} is complete`,
        lines: [`Your refund for order ${n} is complete.`, ...refundLines(order)],
      };
  }
}

/** Subject, text and HTML of a status mail: what changed and a link to the order on the storefront. */
export function orderStatusMail({
  name,
  order,
  event,
  link,
}: {
  name: string;
  order: Order;
  event: OrderMailEvent;
  link: string;
}): MailContent {
  const { subject, lines } = statusContent(event, order);
  const linkLabel = event === 'shipped' ? 'Track your order' : 'View your order';
  const text = [greeting(name), '', ...lines, '', `${linkLabel}: ${link}`, '', '-- ', FOOTER, ''].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    body: `<p style="margin:0 0 12px;">${escapeHtml(greeting(name))}</p>
${lines.map((l) => `<p style="margin:0 0 8px;">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" style="color:#8a1a42;font-weight:700;">${escapeHtml(linkLabel)}</a></p>`,
  });
  return { subject, text, html };
}
