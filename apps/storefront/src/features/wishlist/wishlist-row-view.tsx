import type { WishlistEntry } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { CloseIcon } from '@/components/ui/icons';
import { MediaImage } from '@/components/ui/media-image';
import { productHref } from '@/lib/product-href';
import { formatPrice } from '@/lib/format';
import { toMediaSrc } from '@/lib/media';
import { wishlistRowMedia } from './row-media';

/** The row's thumbnail (behaviour.md §9): the chosen image, a video (first frame, muted), or the placeholder. */
function RowThumbnail({ entry, sizes }: { entry: WishlistEntry; sizes: string }) {
  const media = wishlistRowMedia(entry);
  if (media.kind === 'video') {
    return (
      <video
        src={toMediaSrc(media.url) ?? undefined}
        muted
        playsInline
        preload="metadata"
        aria-label={entry.product.name}
        className="absolute inset-0 size-full object-cover"
      />
    );
  }
  return <MediaImage url={media.kind === 'image' ? media.url : null} alt={entry.product.name} sizes={sizes} />;
}

/**
 * One wishlist entry (behaviour.md §2): thumbnail, the product's name linking to its page, the size's
 * price and a remove button (disabled without `onRemove`: the server's view, and until hydrated). `full` (the
 * /wishlist page) also shows the brand, size and colour.
 */
export function WishlistRowView({
  entry,
  full = false,
  removing = false,
  onRemove,
}: {
  entry: WishlistEntry;
  full?: boolean;
  removing?: boolean;
  onRemove?: () => void;
}) {
  const t = useTranslations('wishlist');
  const tUi = useTranslations('common.ui');
  return (
    <li className="flex gap-3 py-3" aria-busy={removing || undefined}>
      <div
        className={`relative shrink-0 overflow-hidden rounded-md bg-stone-100 ${full ? 'h-32 w-24 sm:h-40 sm:w-30' : 'h-24 w-18'}`}
      >
        <RowThumbnail entry={entry} sizes={full ? '120px' : '72px'} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {full && <p className="truncate text-sm font-bold text-stone-900">{entry.product.brand}</p>}
        <Link
          href={productHref(entry.productId)}
          className="line-clamp-2 text-sm text-stone-800 hover:text-brand-700 hover:underline"
        >
          {entry.product.name}
        </Link>
        <p className="text-sm font-semibold text-stone-900" data-testid="wishlist-price">
          {formatPrice(entry.variant.price)}
          {entry.variant.mrp > entry.variant.price && (
            <span className="ml-2 text-xs font-normal text-stone-600 line-through">
              <span className="sr-only">{tUi('mrp')} </span>
              {formatPrice(entry.variant.mrp)}
            </span>
          )}
        </p>
        {full && (
          <p className="text-sm text-stone-600">
            {t('size')} <span className="font-semibold text-stone-900">{entry.variant.size}</span>
            {entry.variant.color && <> · {entry.variant.color}</>}
            {!entry.variant.inStock && <span className="ml-2 font-semibold text-red-700">{tUi('outOfStock')}</span>}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={!onRemove || removing}
        aria-label={t('remove', { name: entry.product.name })}
        className="grid size-9 shrink-0 place-items-center self-start rounded-md text-stone-700 hover:bg-stone-100 hover:text-red-700 disabled:cursor-wait disabled:opacity-60"
      >
        <CloseIcon width={18} height={18} />
      </button>
    </li>
  );
}
