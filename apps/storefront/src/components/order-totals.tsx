import type { Order, TaxComponent } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DeliveryRow } from '@/components/delivery-row';
import { formatPrice } from '@/lib/format';
import { gstNote, splitOfComponents, taxRows, type GstNoteParts } from '@/lib/gst';

/** The figures of an order or a checkout quote, rupees. `taxes` null = not known yet. */
export type TotalsFigures = {
  itemCount: number;
  subtotal: number;
  coupon: { code: string; amount: number } | null;
  taxes: {
    components: readonly TaxComponent[];
    totalTax: number;
    pricesIncludeTax: boolean;
    note: GstNoteParts;
  } | null;
  total: number | null;
  giftCard: { code: string; amount: number } | null;
  /** Paid with store credit, rupees; shown when above 0. */
  wallet?: number;
  payable: number | null;
  /** "Amount payable" before paying, "Amount paid" after. */
  payableLabel?: string;
  /**
   * The delivery charge in rupees (0 = free) and how much more would make it free (0: free, or no
   * threshold), where it is known: on a quote or an order.
   */
  delivery?: { amount: number; shortfall: number };
  /** The COD fee in rupees, shown when above 0. */
  codFee?: number;
  /** What was refunded so far (completed refunds), on an order; shown when above 0. */
  refunded?: number;
};

const ROW = 'flex justify-between gap-4';

/**
 * The price breakdown of the checkout, the confirmation and the order page (behaviour.md §3 Tax
 * result): subtotal, the coupon's saving, delivery (FREE or its charge, and what is missing for free
 * delivery) and the COD fee (behaviour.md §4 Delivery charge and COD fee), GST by component with its rate (inside the
 * prices: listed as part of them; outside: added), the total, the gift card, the store credit
 * and what is left to pay. Values carry test ids for the browser tests.
 */
export function OrderTotals({ figures, pending }: { figures: TotalsFigures; pending?: ReactNode }) {
  const t = useTranslations('common.totals');
  const {
    itemCount,
    subtotal,
    coupon,
    taxes,
    total,
    giftCard,
    wallet = 0,
    payable,
    payableLabel = t('amountPayable'),
    delivery,
    codFee = 0,
    refunded = 0,
  } = figures;
  const rows = taxes ? taxRows(taxes.components) : [];
  const taxRowsList = rows.map((row) => (
    <div key={row.label} className={`${ROW} ${taxes?.pricesIncludeTax ? 'pl-3 text-stone-600' : ''}`}>
      <dt>{row.label}</dt>
      <dd className="tabular-nums" data-testid={`tax-${row.name}`}>
        {taxes?.pricesIncludeTax ? '' : '+ '}
        {formatPrice(row.amount)}
      </dd>
    </div>
  ));
  return (
    <div>
      <dl className="space-y-2 text-sm text-stone-800">
        <div className={ROW}>
          <dt>{t('subtotal', { count: itemCount })}</dt>
          <dd className="tabular-nums" data-testid="subtotal">
            {formatPrice(subtotal)}
          </dd>
        </div>
        {coupon && (
          <div className={ROW}>
            <dt>
              {t('coupon')} <span className="font-mono text-xs">{coupon.code}</span>
            </dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="coupon-discount">
              − {formatPrice(coupon.amount)}
            </dd>
          </div>
        )}
        {delivery && <DeliveryRow amount={delivery.amount} shortfall={delivery.shortfall} className={ROW} />}
        {codFee > 0 && (
          <div className={ROW}>
            <dt>{t('codFee')}</dt>
            <dd className="tabular-nums" data-testid="cod-fee">
              {formatPrice(codFee)}
            </dd>
          </div>
        )}
        {taxes && !taxes.pricesIncludeTax && taxRowsList}
        <div className={`${ROW} border-t border-stone-200 pt-2.5 text-base font-semibold text-stone-900`}>
          <dt>{t('total')}</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {total === null ? '…' : formatPrice(total)}
          </dd>
        </div>
        {taxes?.pricesIncludeTax && (
          <>
            <div className={`${ROW} text-stone-700`}>
              <dt>{t('pricesIncludeGst')}</dt>
              <dd className="tabular-nums" data-testid="total-tax">
                {formatPrice(taxes.totalTax)}
              </dd>
            </div>
            {taxRowsList}
          </>
        )}
        {giftCard && (
          <div className={ROW}>
            <dt>
              {t('giftCard')} <span className="font-mono text-xs">{giftCard.code}</span>
            </dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="gift-card-amount">
              − {formatPrice(giftCard.amount)}
            </dd>
          </div>
        )}
        {wallet > 0 && (
          <div className={ROW}>
            <dt>{t('storeCredit')}</dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="wallet-amount">
              − {formatPrice(wallet)}
            </dd>
          </div>
        )}
        <div className={`${ROW} border-t border-stone-200 pt-2.5 text-base font-bold text-stone-900`}>
          <dt>{payableLabel}</dt>
          <dd className="tabular-nums" data-testid="amount-payable">
            {payable === null ? '…' : formatPrice(payable)}
          </dd>
        </div>
        {refunded > 0 && (
          <div className={ROW}>
            <dt>{t('refunded')}</dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="amount-refunded">
              {formatPrice(refunded)}
            </dd>
          </div>
        )}
      </dl>
      {taxes && <p className="mt-2 text-xs text-stone-600">{gstNote((key, values) => t(key, values), taxes.note)}</p>}
      {pending}
    </div>
  );
}

/**
 * The figures of a placed order; `payableLabel` says whether it is paid yet. A cancelled order
 * that was not paid owes nothing (payable 0); what was refunded is shown beside.
 */
export function orderFigures(order: Order, payableLabel: string): TotalsFigures {
  const owesNothing = order.status === 'cancelled' && order.paymentStatus !== 'completed';
  return {
    itemCount: order.items.reduce((n, line) => n + line.quantity, 0),
    subtotal: order.subtotal,
    coupon: order.coupon && { code: order.coupon.code, amount: order.coupon.discountAmount },
    delivery: { amount: order.shippingAmount, shortfall: 0 },
    codFee: order.codFee,
    taxes: {
      components: order.taxes,
      totalTax: order.totalTax,
      pricesIncludeTax: order.pricesIncludeTax,
      note: {
        pricesIncludeTax: order.pricesIncludeTax,
        split: splitOfComponents(order.taxes),
        stateName: order.shippingAddress.state,
      },
    },
    total: order.totalAmount,
    giftCard: order.additionalCoupon && { code: order.additionalCoupon.code, amount: order.giftCardAmount },
    wallet: order.walletAmount,
    payable: owesNothing ? 0 : order.amountPayable,
    payableLabel,
    refunded: order.refundedAmount,
  };
}
