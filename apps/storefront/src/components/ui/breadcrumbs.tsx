import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

export type Crumb = { label: string; href?: string };

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useTranslations('common.ui');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`} className="flex items-center gap-1.5">
              {item.href && !last ? (
                <Link href={item.href} className="hover:text-stone-900 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={last ? 'font-medium text-stone-900' : undefined}
                >
                  {item.label}
                </span>
              )}
              {!last && <span aria-hidden="true">/</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Drops a crumb that repeats the name of the one before it ("Belts / Belts"), keeping the deeper one. */
export function dedupeCrumbs(items: Crumb[]): Crumb[] {
  return items.filter((item, i) => items[i + 1]?.label !== item.label || i === items.length - 1);
}
