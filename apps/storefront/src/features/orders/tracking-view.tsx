import { isHttpUrl, type Tracking } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { shopDates } from '@/lib/shop-dates';
import { TrackingRefresh } from './tracking-refresh';

/**
 * Where the shipment is: courier, AWB, the shipment's status in words, the expected delivery,
 * the courier's scans newest first and a link to the courier's own page; a failure ('Tracking
 * is not available right now…' or 'Failed to track order') is announced, and "Refresh" reads it
 * again. `busy`: the server's read is still under way (the panel streamed in later shows it).
 */
export function TrackingPanelView({
  tracking = null,
  error = null,
  busy,
}: {
  tracking?: Tracking | null;
  error?: string | null;
  busy: boolean;
}) {
  const t = useTranslations('orders.tracking');
  const dates = shopDates(useLocale());
  const events = tracking ? [...tracking.events].reverse() : [];
  return (
    <section aria-labelledby="order-tracking" className="rounded-xl border border-stone-200 p-4 text-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-tracking" className="font-semibold text-stone-900">
          {t('heading')}
        </h2>
        <TrackingRefresh loading={busy} />
      </div>
      <div aria-live="polite" aria-atomic="true">
        {error && (
          <p role="alert" className="mt-2 font-medium text-red-800">
            {error}
          </p>
        )}
        {tracking && (
          <p className="mt-2 text-base font-semibold text-stone-900" data-testid="tracking-status">
            {tracking.currentStatus}
          </p>
        )}
      </div>
      {tracking && (
        <>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
            {tracking.courier && (
              <>
                <dt>{t('courier')}</dt>
                <dd className="text-stone-900" data-testid="tracking-courier">
                  {tracking.courier}
                </dd>
              </>
            )}
            {tracking.awb && (
              <>
                <dt>{t('awb')}</dt>
                <dd className="font-mono text-stone-900" data-testid="tracking-awb">
                  {tracking.awb}
                </dd>
              </>
            )}
            {tracking.estimatedDelivery && (
              <>
                <dt>{t('expectedBy')}</dt>
                <dd className="text-stone-900">{dates.date(tracking.estimatedDelivery)}</dd>
              </>
            )}
          </dl>
          {events.length > 0 && (
            <ol aria-label={t('updates')} className="mt-3 space-y-2 border-t border-stone-200 pt-3">
              {events.map((event) => (
                <li key={`${event.at}-${event.status}`}>
                  <p className="font-medium text-stone-900">{event.status}</p>
                  <p className="text-xs text-stone-600">
                    <time dateTime={event.at}>{dates.dateTime(event.at)}</time>
                    {event.location && ` · ${event.location}`}
                  </p>
                </li>
              ))}
            </ol>
          )}
          {/* The API sends only http(s) links; checked again here, as a javascript: href would run on click. */}
          {isHttpUrl(tracking.trackingUrl) && (
            <a
              href={tracking.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block font-medium text-brand-700 hover:underline"
            >
              {t('courierSite')}
              <span className="sr-only">{t('newTab')}</span>
            </a>
          )}
        </>
      )}
    </section>
  );
}
