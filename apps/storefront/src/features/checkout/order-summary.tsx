import type { TaxComponent } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { MediaImage } from '@/components/ui/media-image';
import { formatCount, formatPrice } from '@/lib/format';
import { taxRows } from './tax-lines';

/** A line as the summaries show it: from a cart line before the order, from an order line after. */
export type SummaryLine = {
  id: string;
  name: string;
  brand: string;
  size: string;
  color: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
};

/** The lines of an order or of the cart being checked out: picture, name, size, quantity and price. */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <ul className="divide-y divide-stone-200">
      {lines.map((line) => (
        <li key={line.id} data-testid="summary-line" className="flex gap-3 py-3">
          <div className="relative aspect-[3/4] w-14 shrink-0 overflow-hidden rounded bg-stone-100">
            <MediaImage url={line.image} alt="" sizes="56px" />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-semibold text-stone-900">{line.brand}</p>
            <p className="line-clamp-2 text-stone-700">{line.name}</p>
            <p className="mt-0.5 text-stone-600">
              Size {line.size}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              Qty {line.quantity}
            </p>
          </div>
          <p className="shrink-0 text-right text-sm">
            <span className="font-semibold text-stone-900 tabular-nums">{formatPrice(line.lineTotal)}</span>
            {line.quantity > 1 && (
              <span className="block text-xs text-stone-600 tabular-nums">
                {line.quantity} × {formatPrice(line.unitPrice)}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The figures of an order or a checkout quote, rupees. `taxes` null = not known yet. */
export type TotalsFigures = {
  itemCount: number;
  subtotal: number;
  coupon: { code: string; amount: number } | null;
  taxes: { components: readonly TaxComponent[]; totalTax: number; pricesIncludeTax: boolean; note: string } | null;
  total: number | null;
  giftCard: { code: string; amount: number } | null;
  payable: number | null;
  /** "Amount payable" before paying, "Amount paid" after. */
  payableLabel?: string;
};

const ROW = 'flex justify-between gap-4';

/**
 * The price breakdown (behaviour.md §3 Tax result): subtotal, the coupon's saving, GST by component with its
 * rate (inside the prices: listed as part of them; outside: added), the total, the gift card
 * and what is left to pay. Values carry test ids for the browser tests.
 */
export function Totals({ figures, pending }: { figures: TotalsFigures; pending?: ReactNode }) {
  const { itemCount, subtotal, coupon, taxes, total, giftCard, payable, payableLabel = 'Amount payable' } = figures;
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
          <dt>Subtotal ({formatCount(itemCount, 'item')})</dt>
          <dd className="tabular-nums" data-testid="subtotal">
            {formatPrice(subtotal)}
          </dd>
        </div>
        {coupon && (
          <div className={ROW}>
            <dt>
              Coupon <span className="font-mono text-xs">{coupon.code}</span>
            </dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="coupon-discount">
              − {formatPrice(coupon.amount)}
            </dd>
          </div>
        )}
        {taxes && !taxes.pricesIncludeTax && taxRowsList}
        <div className={`${ROW} border-t border-stone-200 pt-2.5 text-base font-semibold text-stone-900`}>
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {total === null ? '…' : formatPrice(total)}
          </dd>
        </div>
        {taxes?.pricesIncludeTax && (
          <>
            <div className={`${ROW} text-stone-700`}>
              <dt>Prices include GST</dt>
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
              Gift card <span className="font-mono text-xs">{giftCard.code}</span>
            </dt>
            <dd className="text-emerald-800 tabular-nums" data-testid="gift-card-amount">
              − {formatPrice(giftCard.amount)}
            </dd>
          </div>
        )}
        <div className={`${ROW} border-t border-stone-200 pt-2.5 text-base font-bold text-stone-900`}>
          <dt>{payableLabel}</dt>
          <dd className="tabular-nums" data-testid="amount-payable">
            {payable === null ? '…' : formatPrice(payable)}
          </dd>
        </div>
      </dl>
      {taxes && <p className="mt-2 text-xs text-stone-600">{taxes.note}</p>}
      {pending}
    </div>
  );
}
