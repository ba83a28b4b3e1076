import type { SearchFilters } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { CloseIcon } from '@/components/ui/icons';
import { formatPrice } from '@/lib/format';
import {
  EMPTY_QUERY,
  LIST_KEYS,
  catalogHref,
  withChanges,
  type CatalogQuery,
  type CatalogScope,
} from './catalog-query';

type Chip = { label: string; href: string };

/** The applied filters as removable chips (plain links, so they work without JavaScript). */
export function ActiveFilters({
  scope,
  query,
  filters,
}: {
  scope: CatalogScope;
  query: CatalogQuery;
  filters: SearchFilters;
}) {
  const t = useTranslations('catalog.active');
  const names = new Map<string, string>([
    ...filters.categories.map((c) => [`categories:${c.slug}`, c.name] as const),
    ...filters.collections.map((c) => [`collections:${c.slug}`, c.name] as const),
  ]);
  const chips: Chip[] = [];
  for (const key of LIST_KEYS) {
    for (const value of query[key]) {
      chips.push({
        label: names.get(`${key}:${value}`) ?? value,
        href: catalogHref(scope, withChanges(query, { [key]: query[key].filter((v) => v !== value) })),
      });
    }
  }
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const label =
      query.minPrice !== undefined && query.maxPrice !== undefined
        ? t('between', { min: formatPrice(query.minPrice), max: formatPrice(query.maxPrice) })
        : query.minPrice !== undefined
          ? t('from', { min: formatPrice(query.minPrice) })
          : t('upTo', { max: formatPrice(query.maxPrice ?? 0) });
    chips.push({ label, href: catalogHref(scope, withChanges(query, { minPrice: undefined, maxPrice: undefined })) });
  }
  if (query.onSale) chips.push({ label: t('onSale'), href: catalogHref(scope, withChanges(query, { onSale: false })) });
  if (chips.length === 0) return null;

  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t('heading')}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.href + chip.label}>
            <Link
              href={chip.href}
              scroll={false}
              className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white py-1 pr-2 pl-3 text-sm text-stone-800 hover:border-stone-900"
            >
              <span className="sr-only">{t('removeSr')}</span>
              {chip.label}
              <CloseIcon width={14} height={14} />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link
          href={catalogHref(scope, { ...EMPTY_QUERY, search: query.search, sort: query.sort })}
          scroll={false}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('clearAll')}
        </Link>
      )}
    </div>
  );
}
