'use client';

import { DEFAULT_PRICE_RANGE, type SearchFilters } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { CloseIcon, FilterIcon } from '@/components/ui/icons';
import { swatchFor } from '@/lib/colours';
import { formatPrice } from '@/lib/format';
import {
  EMPTY_QUERY,
  catalogHref,
  countActiveFilters,
  withChanges,
  type CatalogQuery,
  type ListKey,
} from './catalog-query';
import { useCatalogShell } from './catalog-shell';

export const FILTER_FORM_ID = 'catalog-filters';
const PANEL_ID = 'filter-panel';

type Option = { value: string; label: string; count: number };

/** Facet options of a list filter, with selected values kept even when the result lacks them. */
function optionsFor(key: ListKey, filters: SearchFilters, selected: string[]): Option[] {
  const options: Option[] =
    key === 'categories' || key === 'collections'
      ? filters[key].map((f) => ({ value: f.slug, label: f.name, count: f.count }))
      : (key === 'gender' ? filters.genders : filters[key]).map((f) => ({
          value: f.value,
          label: f.value,
          count: f.count,
        }));
  const known = new Set(options.map((o) => o.value.toLowerCase()));
  const missing = selected.filter((v) => !known.has(v.toLowerCase())).map((v) => ({ value: v, label: v, count: 0 }));
  return [...missing, ...options];
}

const isSelected = (selected: string[], value: string) => selected.some((v) => v.toLowerCase() === value.toLowerCase());

/** "Filters" button shown on small screens; opens the panel as a drawer. */
export function FilterDrawerTrigger({ activeCount }: { activeCount: number }) {
  const { drawerOpen, setDrawerOpen } = useCatalogShell();
  const t = useTranslations('catalog.filters');
  return (
    <button
      type="button"
      aria-expanded={drawerOpen}
      aria-controls={PANEL_ID}
      onClick={() => setDrawerOpen(true)}
      className="inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:border-stone-500 lg:hidden"
    >
      <FilterIcon width={18} height={18} />
      {t('title')}
      {activeCount > 0 && (
        <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
          {activeCount}
          <span className="sr-only">{t('activeSr')}</span>
        </span>
      )}
    </button>
  );
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

type FilterPanelProps = {
  query: CatalogQuery;
  filters: SearchFilters;
  total: number;
};

/**
 * The filter form: a GET form that works without JavaScript (the "Apply filters" button),
 * enhanced to apply each change at once through client-side navigation. A sidebar on large
 * screens, a modal drawer on small ones.
 */
export function FilterPanel({ query, filters, total }: FilterPanelProps) {
  const { scope, navigate, drawerOpen, setDrawerOpen } = useCatalogShell();
  // False in the server's HTML and while hydrating, true once React runs the page.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const [draft, setDraft] = useState(query);
  const [minPrice, setMinPrice] = useState(query.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(query.maxPrice?.toString() ?? '');
  const queryKey = catalogHref(scope, query);
  const [shownKey, setShownKey] = useState(queryKey);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const t = useTranslations('catalog.filters');

  // A new URL (chip removed, back button) resets the form to it.
  if (shownKey !== queryKey) {
    setShownKey(queryKey);
    setDraft(query);
    setMinPrice(query.minPrice?.toString() ?? '');
    setMaxPrice(query.maxPrice?.toString() ?? '');
  }

  useEffect(() => {
    if (!drawerOpen) return;
    const trigger = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Escape closes; Tab stays inside the drawer (it covers the page, which must not take focus).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = [
        ...panelRef.current.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, summary',
        ),
      ].filter((el) => el.getClientRects().length > 0);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => wide.matches && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      trigger?.focus();
    };
  }, [drawerOpen, setDrawerOpen]);

  const apply = (next: CatalogQuery) => {
    setDraft(next);
    navigate(next);
  };

  const toggle = (key: ListKey, value: string) => {
    const current = draft[key];
    const next = isSelected(current, value)
      ? current.filter((v) => v.toLowerCase() !== value.toLowerCase())
      : [...current, value];
    apply(withChanges(draft, { [key]: next }));
  };

  const readPrice = (text: string) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let min = readPrice(minPrice);
    let max = readPrice(maxPrice);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    apply(withChanges(draft, { minPrice: min, maxPrice: max }));
  };

  const range =
    filters.priceRange.max > 0 ? filters.priceRange : { min: DEFAULT_PRICE_RANGE.min, max: DEFAULT_PRICE_RANGE.max };
  const activeCount = countActiveFilters(query);
  const clearHref = catalogHref(scope, { ...EMPTY_QUERY, search: query.search, sort: query.sort });
  const listKeys: ListKey[] = ['categories', 'collections', 'gender', 'colors', 'sizes', 'brands'];

  return (
    <div
      ref={panelRef}
      id={PANEL_ID}
      role={drawerOpen ? 'dialog' : undefined}
      aria-modal={drawerOpen ? true : undefined}
      aria-labelledby={drawerOpen ? `${ids}-title` : undefined}
      className={drawerOpen ? 'fixed inset-0 z-50 flex flex-col bg-white' : 'hidden lg:block'}
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3 lg:px-0 lg:pt-0">
        <h2 id={`${ids}-title`} className="text-base font-semibold tracking-wide text-stone-900 uppercase">
          {t('title')}
        </h2>
        <div className="flex items-center gap-2">
          {activeCount > 0 && (
            <Link href={clearHref} scroll={false} className="text-sm font-semibold text-brand-700 hover:underline">
              {t('clearAll')}
            </Link>
          )}
          {drawerOpen && (
            <button
              ref={closeRef}
              type="button"
              onClick={() => setDrawerOpen(false)}
              className="grid size-10 place-items-center rounded-md hover:bg-stone-100"
            >
              <CloseIcon />
              <span className="sr-only">{t('close')}</span>
            </button>
          )}
        </div>
      </div>

      <form
        id={FILTER_FORM_ID}
        action={scope.basePath}
        method="get"
        onSubmit={onSubmit}
        className={drawerOpen ? 'flex-1 overflow-y-auto px-4 pb-4' : ''}
      >
        {query.search && <input type="hidden" name={scope.searchKey} value={query.search} />}

        {listKeys.map((key) => {
          if (scope.fixed?.key === key) return null;
          const options = optionsFor(key, filters, draft[key]);
          if (options.length === 0) return null;
          return (
            <FilterGroup key={key} legend={t(key)}>
              <OptionList
                options={options}
                render={(option) => (
                  <label className="flex cursor-pointer items-center gap-2.5 rounded px-1 py-1.5 text-sm text-stone-800 hover:bg-stone-50">
                    <input
                      type="checkbox"
                      name={key}
                      value={option.value}
                      checked={isSelected(draft[key], option.value)}
                      onChange={() => toggle(key, option.value)}
                      className="size-4 shrink-0 accent-brand-700"
                    />
                    {key === 'colors' && <Swatch colour={option.value} />}
                    <span className="min-w-0 flex-1 truncate">{option.label}</span>
                    <span className="text-xs text-stone-600">
                      {option.count}
                      <span className="sr-only">{t('productsSr')}</span>
                    </span>
                  </label>
                )}
                isOpen={options.slice(VISIBLE_OPTIONS).some((o) => isSelected(draft[key], o.value))}
              />
            </FilterGroup>
          );
        })}

        <FilterGroup legend={t('price')}>
          <p className="mb-2 text-xs text-stone-600">
            {/* The span without the price filter, so it shows how far the range can widen. */}
            {t(filters.priceRange.max > 0 ? 'rangeAvailable' : 'range', {
              min: formatPrice(range.min),
              max: formatPrice(range.max),
            })}
          </p>
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${ids}-min`} className="block text-xs font-medium text-stone-700">
                {t('minPrice')}
              </label>
              <input
                id={`${ids}-min`}
                type="number"
                name="minPrice"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder={String(range.min)}
                value={minPrice}
                onChange={(event) => setMinPrice(event.target.value)}
                className="mt-1 w-full rounded-md border border-stone-300 px-2 py-1.5 text-sm"
              />
            </div>
            <div className="min-w-0 flex-1">
              <label htmlFor={`${ids}-max`} className="block text-xs font-medium text-stone-700">
                {t('maxPrice')}
              </label>
              <input
                id={`${ids}-max`}
                type="number"
                name="maxPrice"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder={String(range.max)}
                value={maxPrice}
                onChange={(event) => setMaxPrice(event.target.value)}
                className="mt-1 w-full rounded-md border border-stone-300 px-2 py-1.5 text-sm"
              />
            </div>
            <button
              type="submit"
              className="shrink-0 rounded-md border border-stone-900 px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-900 hover:text-white"
            >
              {t('apply')}
              <span className="sr-only">{t('applySr')}</span>
            </button>
          </div>
        </FilterGroup>

        {(filters.onSale > 0 || draft.onSale) && (
          <FilterGroup legend={t('offers')}>
            <label className="flex cursor-pointer items-center gap-2.5 rounded px-1 py-1.5 text-sm text-stone-800 hover:bg-stone-50">
              <input
                type="checkbox"
                name="onSale"
                value="true"
                checked={draft.onSale}
                onChange={() => apply(withChanges(draft, { onSale: !draft.onSale }))}
                className="size-4 accent-brand-700"
              />
              <span className="flex-1">{t('onSale')}</span>
              <span className="text-xs text-stone-600">
                {filters.onSale}
                <span className="sr-only">{t('productsSr')}</span>
              </span>
            </label>
          </FilterGroup>
        )}

        {!hydrated && (
          <button
            type="submit"
            className="mt-4 w-full rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('applyAll')}
          </button>
        )}
      </form>

      {drawerOpen && (
        <div className="border-t border-stone-200 p-4">
          <button
            type="button"
            onClick={() => setDrawerOpen(false)}
            className="w-full rounded-md bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('show', { count: total })}
          </button>
        </div>
      )}
    </div>
  );
}

const VISIBLE_OPTIONS = 8;

/**
 * The first options, then the rest behind a native disclosure ("+ 55 more"), which works
 * without JavaScript and keeps long lists (sizes, brands) from swamping the panel.
 */
function OptionList({
  options,
  render,
  isOpen,
}: {
  options: Option[];
  render: (option: Option) => ReactNode;
  isOpen: boolean;
}) {
  const first = options.slice(0, VISIBLE_OPTIONS);
  const rest = options.slice(VISIBLE_OPTIONS);
  // Open on the server when a hidden option is chosen; after that only ever opened, never
  // closed under the shopper's hands.
  const [initiallyOpen] = useState(isOpen);
  const t = useTranslations('catalog.filters');
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (isOpen && detailsRef.current) detailsRef.current.open = true;
  }, [isOpen]);
  return (
    <>
      <ul className="space-y-0.5">
        {first.map((option) => (
          <li key={option.value}>{render(option)}</li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details ref={detailsRef} open={initiallyOpen || undefined} className="group">
          <summary className="mt-1 inline-block cursor-pointer list-none rounded px-1 py-1 text-sm font-semibold text-brand-700 hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t('more', { count: rest.length })}</span>
            <span className="hidden group-open:inline">{t('fewer')}</span>
          </summary>
          <ul className="space-y-0.5">
            {rest.map((option) => (
              <li key={option.value}>{render(option)}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-stone-200 py-4">
      <legend className="float-left mb-2 w-full text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {legend}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function Swatch({ colour }: { colour: string }) {
  const lower = colour.toLowerCase();
  const background =
    lower === 'multi' ? 'conic-gradient(#d22b2b, #f2c318, #2f8f3a, #1f5fbf, #6a2c91, #d22b2b)' : swatchFor(colour);
  if (!background) return <span aria-hidden="true" className="size-4 shrink-0" />;
  return (
    <span aria-hidden="true" className="size-4 shrink-0 rounded-full border border-stone-300" style={{ background }} />
  );
}
