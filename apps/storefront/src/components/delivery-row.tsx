import { deliveryChargeText, freeDeliveryHint } from '@/lib/delivery';

/**
 * The "Delivery" row of a price breakdown (behaviour.md §4 Delivery charge and COD fee): FREE or
 * the charge, and under the label what more would make it free. For a `<dl>`; `className` is
 * the row's layout.
 */
export function DeliveryRow({
  amount,
  shortfall,
  className,
}: {
  amount: number;
  shortfall: number;
  className: string;
}) {
  const hint = freeDeliveryHint(shortfall);
  return (
    <div className={className}>
      <dt>
        Delivery
        {hint && (
          <span className="block text-xs text-stone-600" data-testid="free-delivery-shortfall">
            {hint}
          </span>
        )}
      </dt>
      <dd className="tabular-nums" data-testid="delivery">
        {deliveryChargeText(amount)}
      </dd>
    </div>
  );
}
