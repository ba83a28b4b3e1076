import type { OrderEvent } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { shopDates } from '@/lib/shop-dates';

/**
 * The order's timeline, oldest first, as an ordered list (screen readers say "list, 5 items"
 * and each step's position); the latest step is marked as the current one.
 */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const t = useTranslations('orders');
  const dates = shopDates(useLocale());
  return (
    <ol aria-label={t('detail.timelineLabel')} className="relative space-y-4 border-l-2 border-stone-200 pl-5">
      {events.map((event, i) => {
        const current = i === events.length - 1;
        return (
          <li key={`${event.status}-${event.at}`} aria-current={current ? 'step' : undefined} className="relative">
            <span
              aria-hidden="true"
              className={`absolute top-1 -left-[1.72rem] size-3 rounded-full ring-4 ring-white ${
                current ? 'bg-brand-700' : 'bg-stone-400'
              }`}
            />
            <p className="text-sm font-semibold text-stone-900">{t(`status.${event.status}`)}</p>
            <p className="text-xs text-stone-600">
              <time dateTime={event.at}>{dates.dateTime(event.at)}</time>
            </p>
            {event.note && <p className="mt-0.5 text-sm text-stone-700">{event.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
