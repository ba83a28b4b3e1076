'use client';

import { discountPercent, type ProductDetail, type Variant } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { PriceTag } from '@/components/ui/price-tag';
import { WishlistHeart } from '@/components/ui/wishlist-heart';
import { swatchFor } from '@/lib/colours';
import { useHydrated } from '@/lib/use-hydrated';
import { AddToCart } from './add-to-cart';
import { NotifyMe } from './notify-me';
import { SizeChartButton } from './size-chart';
import { stockStory, type StockState } from './stock';

const unique = (values: string[]) => [...new Set(values)];

const TONES: Record<StockState['tone'], string> = {
  out: 'font-semibold text-red-700',
  low: 'font-semibold text-saffron-600',
  ok: 'font-semibold text-emerald-800',
  choose: 'text-stone-600',
};

/**
 * Colour and size selectors built from the variants (radio groups), the price of the chosen
 * variant, its stock state and Add to cart. Each radio covers its drawn label (transparent), so
 * a tap anywhere on a size or colour lands on the radio itself; the radios are disabled until
 * the panel is hydrated, so a tap is never taken by the browser alone and then undone by React.
 */
export function PurchasePanel({ product }: { product: ProductDetail }) {
  const variants = product.variants;
  const colours = unique(variants.map((v) => v.color));
  const [colour, setColour] = useState(colours.includes(product.color) ? product.color : (colours[0] ?? product.color));
  const ofColour = variants.filter((v) => v.color === colour);
  const onlyOne = ofColour.length === 1 ? ofColour[0] : undefined;
  const [size, setSize] = useState<string | null>(onlyOne?.inStock ? onlyOne.size : null);
  const selected: Variant | undefined = ofColour.find((v) => v.size === size);
  const ids = useId();
  const hydrated = useHydrated();
  const t = useTranslations('product');

  const anyInStock =
    (variants.length > 0 ? ofColour : []).some((v) => v.inStock) || (variants.length === 0 && product.inStock);
  const { state, notify } = stockStory(ofColour, selected, product.inStock);
  const price = selected?.price ?? (ofColour.length > 0 ? Math.min(...ofColour.map((v) => v.price)) : product.price);
  const mrp = selected?.mrp ?? ofColour.find((v) => v.price === price)?.mrp ?? product.mrp;

  const chooseColour = (next: string) => {
    setColour(next);
    const same = variants.find((v) => v.color === next && v.size === size && v.inStock);
    if (!same) setSize(null);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <PriceTag
            price={price}
            mrp={mrp}
            discountPercent={discountPercent(price, mrp)}
            size="lg"
            testId="product-price"
          />
          <p className="mt-1 text-sm font-medium text-emerald-800">{t('panel.taxes')}</p>
        </div>
        {/* The chosen size, or until one is chosen the colour's first size in stock. */}
        <WishlistHeart
          productId={product.id}
          variantId={(selected ?? ofColour.find((v) => v.inStock) ?? ofColour[0])?.id}
          look="labelled"
        />
      </div>

      {colours.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
            {t('panel.colour')}
            <span className="font-normal text-stone-600 normal-case">: {colour}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {colours.map((c) => {
              const swatch = swatchFor(c);
              return (
                <label key={c} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`${ids}-colour`}
                    value={c}
                    checked={c === colour}
                    disabled={!hydrated}
                    onChange={() => chooseColour(c)}
                    className="peer absolute inset-0 size-full cursor-[inherit] appearance-none opacity-0"
                  />
                  <span className="flex items-center gap-2 rounded-full border border-stone-300 py-1.5 pr-4 pl-1.5 text-sm text-stone-800 peer-checked:border-brand-700 peer-checked:ring-1 peer-checked:ring-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                    <span
                      aria-hidden="true"
                      className="size-6 rounded-full border border-stone-300"
                      style={{ background: swatch ?? '#e7e5e4' }}
                    />
                    {c}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {ofColour.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
            {t('panel.size')}
            {size ? <span className="font-normal text-stone-600 normal-case">: {size}</span> : null}
          </legend>
          <SizeChartButton productId={product.id} selectedSize={size} />
          <div className="flex flex-wrap gap-2">
            {ofColour.map((v) => (
              <label key={v.id} className={`relative ${v.inStock ? 'cursor-pointer' : 'cursor-not-allowed'}`}>
                <input
                  type="radio"
                  name={`${ids}-size`}
                  value={v.size}
                  checked={v.size === size}
                  disabled={!v.inStock || !hydrated}
                  onChange={() => setSize(v.size)}
                  className="peer absolute inset-0 size-full cursor-[inherit] appearance-none opacity-0"
                />
                <span
                  className={`grid h-12 min-w-12 place-items-center rounded-full border px-3 text-sm font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 ${
                    v.inStock
                      ? 'border-stone-300 text-stone-900 hover:border-brand-700 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white'
                      : 'border-dashed border-stone-300 bg-stone-50 text-stone-600 line-through'
                  }`}
                >
                  {v.size}
                  {!v.inStock && <span className="sr-only">{t('panel.sizeOutSr')}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <p role="status" aria-live="polite" data-testid="stock-status" className={`text-sm ${TONES[state.tone]}`}>
        {t(`stock.${state.tone}`, { count: state.left ?? 0 })}
        {selected && state.tone !== 'out' ? (
          <span className="font-normal text-stone-600">{t('panel.inSize', { size: selected.size })}</span>
        ) : null}
      </p>

      {/* Sold-out sizes cannot be chosen: each has its own "Notify me", until a size in stock is chosen. */}
      <NotifyMe soldOut={notify} />
      <AddToCart productId={product.id} variant={selected} available={anyInStock} />
    </div>
  );
}
