import { CART_MESSAGES, discountPercent, MAX_LINE_QUANTITY, onlyLeftInStock, type CartItem } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { MinusIcon, PlusIcon } from '@/components/ui/icons';
import { MediaImage } from '@/components/ui/media-image';
import { PriceTag } from '@/components/ui/price-tag';
import { productHref } from '@/lib/product-href';
import { lineImage } from '@/lib/cart-lines';
import { formatPrice } from '@/lib/format';

/** Most of this line the shopper may choose: what is in stock, and never above the per-line cap. */
export function maxQuantity(item: CartItem): number {
  return Math.max(1, Math.min(item.variant.stock, MAX_LINE_QUANTITY));
}

type CartLineProps = {
  item: CartItem;
  /** Whether a change to this line is on its way to the API. */
  busy: boolean;
  /** Absent in the server's render, where the controls are disabled (no function crosses to the browser). */
  onQuantity?: (quantity: number) => void;
  onRemove?: () => void;
  /** One of the first lines, in view on arrival: its picture is fetched at once (the page's largest paint). */
  aboveTheFold?: boolean;
};

/**
 * One line of the cart page: picture, brand and name (linking to the product), size and
 * colour, unit price with the MRP struck through, notes when the price changed, the size sold
 * out or the quantity is more than is left, a − / + quantity stepper (1 to the stock) and Remove.
 */
export function CartLine({ item, busy, onQuantity, onRemove, aboveTheFold = false }: CartLineProps) {
  const t = useTranslations('cart.line');
  const { product, variant, quantity } = item;
  const what = t('what', { name: product.name, size: variant.size });
  const max = maxQuantity(item);
  const notes: { text: string; tone: 'info' | 'warn' }[] = [];
  if (item.priceChanged) {
    notes.push({
      text: t(item.price < item.priceAtAdd ? 'priceDropped' : 'priceChanged', {
        from: formatPrice(item.priceAtAdd),
        to: formatPrice(item.price),
      }),
      tone: 'info',
    });
  }
  if (!item.isAvailable) {
    notes.push({
      text: t('notCounted', {
        reason: product.isActive ? CART_MESSAGES.outOfStock : CART_MESSAGES.productUnavailable,
      }),
      tone: 'warn',
    });
  } else if (item.exceedsStock) {
    notes.push({ text: t('lowerQuantity', { reason: onlyLeftInStock(variant.stock) }), tone: 'warn' });
  }

  return (
    <li data-testid="cart-line" className="flex gap-3 py-5 sm:gap-5">
      <Link
        href={productHref(product.id)}
        tabIndex={-1}
        aria-hidden="true"
        className={`relative aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-md bg-stone-100 sm:w-28 ${
          item.isAvailable ? '' : 'opacity-60 grayscale'
        }`}
      >
        <MediaImage url={lineImage(item)} alt="" sizes="112px" preload={aboveTheFold} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-bold text-stone-900">{product.brand}</p>
            <h3 className="text-sm text-stone-700">
              <Link href={productHref(product.id)} className="hover:text-brand-700 hover:underline">
                {product.name}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-stone-600">
              {t('size')} <span className="font-semibold text-stone-900">{variant.size}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {t('colour')} <span className="font-semibold text-stone-900">{variant.color}</span>
            </p>
          </div>
          <div className="shrink-0 sm:text-right">
            <PriceTag price={item.price} mrp={variant.mrp} discountPercent={discountPercent(item.price, variant.mrp)} />
            {quantity > 1 && (
              <p className="mt-0.5 text-xs text-stone-600">
                {quantity} × {formatPrice(item.price)} ={' '}
                <span className="font-semibold text-stone-900" data-testid="line-total">
                  {formatPrice(item.lineTotal)}
                </span>
              </p>
            )}
          </div>
        </div>
        {notes.map((note) => (
          <p
            key={note.text}
            className={`mt-2 rounded px-2 py-1 text-xs font-medium ${
              note.tone === 'warn' ? 'bg-red-50 text-red-800' : 'bg-saffron-100 text-saffron-600'
            }`}
          >
            {note.text}
          </p>
        ))}
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <div
            role="group"
            aria-label={t('quantityOf', { what })}
            className="inline-flex items-center rounded-md border border-stone-300"
          >
            <button
              type="button"
              aria-label={t('decrease', { what })}
              disabled={busy || !item.isAvailable || quantity <= 1}
              onClick={onQuantity && (() => onQuantity(Math.min(quantity - 1, max)))}
              className="grid size-9 place-items-center rounded-l-md text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent"
            >
              <MinusIcon width={16} height={16} />
            </button>
            <span
              data-testid="quantity"
              className="min-w-9 border-x border-stone-300 text-center text-sm leading-9 font-semibold tabular-nums"
            >
              <span className="sr-only">{t('quantity')} </span>
              {quantity}
            </span>
            <button
              type="button"
              aria-label={t('increase', { what })}
              disabled={busy || !item.isAvailable || quantity >= max}
              onClick={onQuantity && (() => onQuantity(quantity + 1))}
              className="grid size-9 place-items-center rounded-r-md text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent"
            >
              <PlusIcon width={16} height={16} />
            </button>
          </div>
          <button
            type="button"
            aria-label={t('removeLabel', { what })}
            disabled={busy}
            onClick={onRemove}
            className="rounded-md px-2 py-1.5 text-sm font-semibold text-stone-700 underline-offset-4 hover:text-brand-700 hover:underline disabled:cursor-wait disabled:text-stone-400"
          >
            {t('remove')}
          </button>
        </div>
      </div>
    </li>
  );
}
