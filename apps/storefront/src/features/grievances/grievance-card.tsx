import type { Grievance } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';

/** "28 February 2026" in the page's language, India's calendar day. */
export function indianDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'long',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

const STATUS_CLASS: Record<Grievance['status'], string> = {
  acknowledged: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  resolved: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  rejected: 'bg-stone-100 text-stone-800 ring-stone-300',
};

/** One grievance as its complainant sees it: number, status, dates, and the store's answer once closed. */
export function GrievanceCard({ grievance }: { grievance: Grievance }) {
  const t = useTranslations('account.grievance');
  const locale = useLocale();
  return (
    <article className="rounded-lg border border-stone-200 bg-white p-4" aria-label={grievance.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-sm font-semibold text-stone-900">{grievance.number}</h3>
        <p className="text-sm">
          <span className="sr-only">{t('status')}: </span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[grievance.status]}`}>
            {t(`statuses.${grievance.status}`)}
          </span>
        </p>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {t(`categories.${grievance.category}`)}
        {grievance.orderNumber && ` · ${t('orderLabel', { orderNumber: grievance.orderNumber })}`}
      </p>
      <p className="mt-1 text-xs text-stone-600">
        {t('lodgedOn', { date: indianDate(grievance.lodgedAt, locale) })}
        {' · '}
        {grievance.closedAt
          ? t('closedOn', { date: indianDate(grievance.closedAt, locale) })
          : t('resolveBy', { date: indianDate(grievance.resolveBy, locale) })}
      </p>
      <p className="mt-2 text-sm whitespace-pre-line text-stone-800">{grievance.description}</p>
      {grievance.resolution && (
        <div className="mt-3 rounded-md bg-stone-50 p-3">
          <h4 className="text-xs font-semibold tracking-wide text-stone-900 uppercase">{t('resolution')}</h4>
          <p className="mt-1 text-sm whitespace-pre-line text-stone-800">{grievance.resolution}</p>
        </div>
      )}
    </article>
  );
}
