/**
 * The order confirmation mail (behaviour.md §10): text and HTML, itemised, with the GST split
 * (CGST/SGST or IGST), the coupon, the gift card and what is left to pay. Amounts come from
 * the stored order (rupees in the public order shape), formatted as the storefront does. Every
 * mail is in the shopper's language (docs/behaviour.md "Languages of mails and invoices"; texts in lib/mail-messages).
 */
import { formatPrice, isHttpUrl, type Order } from '@vastra/contracts';
import { formatMailDate, mailTranslator, type MailLocale, type MailTranslator } from '../../lib/mail-i18n';
import {
  escapeHtml,
  greeting,
  mailLayout,
  type MailContent,
  STORE,
  strongIn,
  textSignature,
} from '../../lib/mail-templates';

const PAYMENT_NOTES = {
  sandbox: 'orderPlaced.paidSandbox',
  phonepe: 'orderPlaced.paidPhonepe',
  razorpay: 'orderPlaced.paidRazorpay',
  cod: 'orderPlaced.cashOnDelivery',
} as const satisfies Record<Order['paymentGateway'], string>;

/** The rows of the totals table, label and amount, in the order they are read. */
function totalRows(order: Order, t: MailTranslator): [string, string][] {
  const rows: [string, string][] = [[t('orderPlaced.subtotal'), formatPrice(order.subtotal)]];
  if (order.coupon)
    rows.push([t('orderPlaced.coupon', { code: order.coupon.code }), `− ${formatPrice(order.coupon.discountAmount)}`]);
  rows.push([
    t('orderPlaced.delivery'),
    order.shippingAmount > 0 ? formatPrice(order.shippingAmount) : t('orderPlaced.free'),
  ]);
  if (order.codFee > 0) rows.push([t('orderPlaced.codFee'), formatPrice(order.codFee)]);
  for (const tax of order.taxes) {
    const label = order.pricesIncludeTax ? 'orderPlaced.taxIncluded' : 'orderPlaced.tax';
    rows.push([t(label, { name: tax.name, rate: String(tax.rate) }), formatPrice(tax.amount)]);
  }
  rows.push([t('orderPlaced.orderTotal'), formatPrice(order.totalAmount)]);
  if (order.additionalCoupon)
    rows.push([
      t('orderPlaced.giftCard', { code: order.additionalCoupon.code }),
      `− ${formatPrice(order.additionalCoupon.amount)}`,
    ]);
  rows.push([
    t(order.paymentGateway === 'cod' ? 'orderPlaced.toPayOnDelivery' : 'orderPlaced.amountPaid'),
    formatPrice(order.amountPayable),
  ]);
  return rows;
}

function payment(order: Order, t: MailTranslator): string {
  return t(order.amountPayable === 0 ? 'orderPlaced.paidWithGiftCard' : PAYMENT_NOTES[order.paymentGateway]);
}

/** Subject, text and HTML of the confirmation of a placed order, in `locale` (English by default). */
export function orderConfirmationMail({
  name,
  order,
  locale = 'en',
}: {
  name: string;
  order: Order;
  locale?: MailLocale;
}): MailContent {
  const t = mailTranslator(locale);
  const subject = t('orderPlaced.subject', { store: STORE, orderNumber: order.orderNumber });
  const a = order.shippingAddress;
  const addressLines = [
    `${a.firstName} ${a.lastName}`.trim(),
    a.street,
    `${a.city}, ${a.state} ${a.postalCode}`,
    a.country,
    t('orderPlaced.phone', { phone: a.phone }),
  ];
  const rows = totalRows(order, t);
  const itemValues = (i: Order['items'][number]) => ({
    name: i.name,
    size: i.size,
    quantity: String(i.quantity),
    total: formatPrice(i.total),
    hsn: i.hsnCode,
    rate: String(i.taxRate),
    tax: formatPrice(i.tax),
  });

  const text = [
    greeting(name, t),
    '',
    t('orderPlaced.thanks', { store: STORE, orderNumber: order.orderNumber }),
    '',
    t('orderPlaced.items'),
    ...order.items.map((i) => t('orderPlaced.itemLine', itemValues(i))),
    '',
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    '',
    payment(order, t),
    '',
    t('orderPlaced.deliveringToLine'),
    ...addressLines,
    '',
    t('orderPlaced.willEmail'),
    '',
    ...textSignature(t),
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #eeeeee;';
  const itemRows = order.items
    .map(
      (i) => `<tr>
<td style="${cell}">${escapeHtml(i.name)}<br><span style="color:#666666;font-size:13px;">${escapeHtml(t('orderPlaced.itemDetails', itemValues(i)))}</span></td>
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
    locale,
    body: `<p style="margin:0 0 12px;">${escapeHtml(greeting(name, t))}</p>
<p style="margin:0 0 20px;">${strongIn(t, 'orderPlaced.thanks', { store: STORE }, 'orderNumber', order.orderNumber)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin-top:12px;">
${summaryRows}
</table>
<p style="margin:20px 0 4px;">${escapeHtml(payment(order, t))}</p>
<p style="margin:16px 0 4px;font-weight:700;">${escapeHtml(t('orderPlaced.deliveringTo'))}</p>
<p style="margin:0 0 16px;">${addressLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:0;color:#666666;font-size:14px;">${escapeHtml(t('orderPlaced.willEmail'))}</p>`,
  });
  return { subject, text, html };
}

/** The steps after placing that the shopper hears of by mail (OrdersService.notify). */
export const ORDER_MAIL_EVENTS = [
  'confirmed',
  'shipped',
  'delivered',
  'undelivered',
  'returned_to_seller',
  'cancelled',
  'return_requested',
  'return_approved',
  'return_rejected',
  'picked_up',
  'refunded',
  'refund_completed',
] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];

/** Refund money in rupees: what is on its way back, through which route, and how far it got. */
function refundLines(order: Order, t: MailTranslator): string[] {
  return order.refunds.map((r) =>
    t('orderStatus.refundLine', { amount: formatPrice(r.amount), method: r.method, status: r.status }),
  );
}

/** The day a shipment is expected: as stored (YYYY-MM-DD) in English, in words in Hindi. */
function expectedDay(estimatedDelivery: string, locale: MailLocale): string {
  return locale === 'en' ? estimatedDelivery.slice(0, 10) : formatMailDate(new Date(estimatedDelivery), locale);
}

/** Subject and paragraphs of each status mail, in the language of `t`. */
function statusContent(event: OrderMailEvent, order: Order, t: MailTranslator): { subject: string; lines: string[] } {
  const n = { orderNumber: order.orderNumber };
  const sn = { store: STORE, orderNumber: order.orderNumber };
  const s = order.shipment;
  switch (event) {
    case 'confirmed':
      return { subject: t('orderStatus.confirmedSubject', sn), lines: [t('orderStatus.confirmed', n)] };
    case 'shipped':
      return {
        subject: t('orderStatus.shippedSubject', sn),
        lines: [
          t('orderStatus.shipped', n),
          ...(s ? [t('orderStatus.courier', { courier: s.courier }), t('orderStatus.awb', { awb: s.awb })] : []),
          // Mail clients turn addresses into links: only an http(s) one is written.
          ...(isHttpUrl(s?.trackingUrl) ? [t('orderStatus.courierTracking', { url: s.trackingUrl })] : []),
          ...(s?.estimatedDelivery
            ? [t('orderStatus.expectedDelivery', { date: expectedDay(s.estimatedDelivery, t.locale) })]
            : []),
        ],
      };
    case 'delivered':
      return {
        subject: t('orderStatus.deliveredSubject', sn),
        lines: [
          t('orderStatus.delivered', n),
          // Cash on delivery is paid at the door: the mail says the cash was received.
          ...(order.paymentGateway === 'cod' && order.paymentStatus === 'completed' && order.amountPayable > 0
            ? [t('orderStatus.cashReceived', { amount: formatPrice(order.amountPayable) })]
            : []),
        ],
      };
    case 'undelivered':
      return {
        subject: t('orderStatus.undeliveredSubject', sn),
        lines: [t('orderStatus.undelivered', n), t('orderStatus.ndrAsk')],
      };
    case 'returned_to_seller':
      return {
        subject: t('orderStatus.returnedToSellerSubject', sn),
        lines: [
          t('orderStatus.returnedToSeller', n),
          ...(order.paymentGateway === 'cod' ? [t('orderStatus.nothingOwed')] : []),
          ...(order.refunds.length > 0 ? [t('orderStatus.refund'), ...refundLines(order, t)] : []),
        ],
      };
    case 'cancelled':
      return {
        subject: t('orderStatus.cancelledSubject', sn),
        lines: [
          t('orderStatus.cancelled', n),
          ...(order.cancelReason ? [t('orderStatus.reason', { reason: order.cancelReason })] : []),
          ...(order.paymentGateway === 'cod' && order.shipment ? [t('orderStatus.nothingOwed')] : []),
          ...(order.refunds.length > 0 ? [t('orderStatus.refund'), ...refundLines(order, t)] : []),
        ],
      };
    case 'return_requested':
      return { subject: t('orderStatus.returnRequestedSubject', n), lines: [t('orderStatus.returnRequested', n)] };
    case 'return_approved':
      return { subject: t('orderStatus.returnApprovedSubject', n), lines: [t('orderStatus.returnApproved', n)] };
    case 'return_rejected':
      return {
        subject: t('orderStatus.returnRejectedSubject', n),
        lines: [
          t('orderStatus.returnRejected', n),
          ...(order.returnRequest?.decisionNote
            ? [t('orderStatus.note', { note: order.returnRequest.decisionNote })]
            : []),
        ],
      };
    case 'picked_up':
      return { subject: t('orderStatus.pickedUpSubject', n), lines: [t('orderStatus.pickedUp', n)] };
    case 'refunded':
      return {
        subject: t('orderStatus.refundedSubject', n),
        lines: [t('orderStatus.refunded', n), ...refundLines(order, t)],
      };
    case 'refund_completed':
      return {
        subject: t('orderStatus.refundCompletedSubject', n),
        lines: [t('orderStatus.refundCompleted', n), ...refundLines(order, t)],
      };
  }
}

/**
 * Subject, text and HTML of a status mail: what changed and a link to the order on the
 * storefront, in `locale` (English by default).
 */
export function orderStatusMail({
  name,
  order,
  event,
  link,
  locale = 'en',
}: {
  name: string;
  order: Order;
  event: OrderMailEvent;
  link: string;
  locale?: MailLocale;
}): MailContent {
  const t = mailTranslator(locale);
  const { subject, lines } = statusContent(event, order, t);
  const linkLabel = t(event === 'shipped' ? 'orderStatus.trackOrder' : 'orderStatus.viewOrder');
  const text = [greeting(name, t), '', ...lines, '', `${linkLabel}: ${link}`, '', ...textSignature(t)].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    locale,
    body: `<p style="margin:0 0 12px;">${escapeHtml(greeting(name, t))}</p>
${lines.map((l) => `<p style="margin:0 0 8px;">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" style="color:#8a1a42;font-weight:700;">${escapeHtml(linkLabel)}</a></p>`,
  });
  return { subject, text, html };
}
