import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { catalogHref, type CatalogQuery, type CatalogScope } from './catalog-query';

/** 1 … 4 5 6 … 20: the first, the last and the pages around the current one. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) out.push('gap');
    out.push(page);
  });
  return out;
}

export function Pagination({
  scope,
  query,
  totalPages,
}: {
  scope: CatalogScope;
  query: CatalogQuery;
  totalPages: number;
}) {
  const t = useTranslations('common.ui.pagination');
  if (totalPages <= 1) return null;
  const current = Math.min(query.page, totalPages);
  const href = (page: number) => catalogHref(scope, { ...query, page });
  const arrow =
    'inline-flex h-10 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:border-stone-900';
  return (
    <nav aria-label={t('label')} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {current > 1 ? (
        <Link href={href(current - 1)} rel="prev" className={arrow}>
          <ChevronLeftIcon width={16} height={16} />
          {t('previous')}
          <span className="sr-only">{t('pageSr')}</span>
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {pageWindow(current, totalPages).map((page, i) =>
          page === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-600">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={href(page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={t('page', { page })}
                className={`grid size-10 place-items-center rounded-md text-sm font-semibold ${
                  page === current ? 'bg-stone-900 text-white' : 'text-stone-800 hover:bg-stone-100'
                }`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
      {current < totalPages ? (
        <Link href={href(current + 1)} rel="next" className={arrow}>
          {t('next')}
          <span className="sr-only">{t('pageSr')}</span>
          <ChevronRightIcon width={16} height={16} />
        </Link>
      ) : null}
    </nav>
  );
}
