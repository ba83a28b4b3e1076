'use client';

import { PRODUCT_FETCH_THROTTLE_MS, type ProductSummary } from '@vastra/contracts';
import { useSearchParams } from 'next/navigation';
import { usePathname, useRouter } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import { MediaThumbnail } from '@/components/ui/media-thumbnail';
import { productHref } from '@/lib/product-href';
import { formatPrice } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { useSuggestions } from './use-suggestions';

const MIN_CHARS = 2;
// A pause of the throttle's length: a product fetch within 500 ms of the last is skipped (behaviour.md §4).
const DEBOUNCE_MS = PRODUCT_FETCH_THROTTLE_MS;
const NO_SUGGESTIONS: ProductSummary[] = [];

/**
 * The header's search: a plain GET form to /search?q= (works without JavaScript), enhanced
 * into an ARIA combobox that suggests products as the shopper types.
 */
export function SearchBox() {
  const router = useRouter();
  const t = useTranslations('common.ui.search');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const currentTerm = pathname === '/search' ? (searchParams.get('q') ?? '') : '';
  const [term, setTerm] = useState(currentTerm);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lastTerm, setLastTerm] = useState(currentTerm);
  const inputId = useId();
  const listId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  // Read-only in the server's HTML: React renders this box again in the browser, and what was
  // typed into the server's copy would be dropped without a word.
  const hydrated = useHydrated();

  // Follow the URL (back/forward, a new search) without an effect.
  if (currentTerm !== lastTerm) {
    setLastTerm(currentTerm);
    setTerm(currentTerm);
  }

  // Ask once the shopper pauses typing.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(term.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const currentData = useSuggestions(query.length >= MIN_CHARS ? query : '');
  const suggestions = (term.trim().length >= MIN_CHARS && currentData) || NO_SUGGESTIONS;
  // New suggestions start with none chosen.
  const [shown, setShown] = useState(suggestions);
  if (shown !== suggestions) {
    setShown(suggestions);
    setActive(-1);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const expanded = open && suggestions.length > 0 && term.trim().length >= MIN_CHARS;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const goTo = (product: ProductSummary) => {
    setOpen(false);
    router.push(productHref(product.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length === 0 ? -1 : (i + 1) % suggestions.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (suggestions.length === 0 ? -1 : i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const product = suggestions[active];
      if (product) {
        event.preventDefault();
        goTo(product);
      }
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <form
        role="search"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const query = term.trim();
          setOpen(false);
          router.push(query ? `/search?q=${encodeURIComponent(query)}` : '/shop');
        }}
        className="flex items-center rounded-lg border border-stone-300 bg-stone-50 focus-within:border-brand-700 focus-within:bg-white"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('label')}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={term}
          readOnly={!hydrated}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          className="min-w-0 flex-1 bg-transparent py-2.5 pr-2 pl-3 text-sm text-stone-900 placeholder:text-stone-600 focus:outline-none"
        />
        <button
          type="submit"
          className="grid size-10 shrink-0 place-items-center rounded-r-lg text-stone-700 hover:text-brand-700"
        >
          <SearchIcon />
          <span className="sr-only">{t('submit')}</span>
        </button>
      </form>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-xl"
      >
        {suggestions.map((product, i) => (
          <li
            key={product.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => goTo(product)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
          >
            <span className="relative h-12 w-9 shrink-0 overflow-hidden rounded bg-stone-100">
              <MediaThumbnail url={product.primaryImage?.url} sizes="36px" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-stone-900">{product.name}</span>
              <span className="block text-xs text-stone-600">
                {product.brand} · {formatPrice(product.price)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {expanded ? t('available', { count: suggestions.length }) : ''}
      </p>
    </div>
  );
}
