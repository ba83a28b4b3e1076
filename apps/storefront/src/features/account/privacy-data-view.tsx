import { KEPT_RECORDS_YEARS, type PersonalDataSummary } from '@vastra/contracts';
import { useTranslations } from 'next-intl';

/**
 * /account/privacy-data (docs/behaviour.md "Data rights: export, erasure, retention"): what the
 * store keeps about the shopper, kind by kind, with what it is for, how long it is kept and what
 * closing the account does to it; then the two downloads, plain links to the API, which answers
 * them as attachments with the session cookie (no script needed). Rendered on the server.
 */
export function PrivacyDataView({ summary, apiUrl }: { summary: PersonalDataSummary; apiUrl: string }) {
  const t = useTranslations('account.privacyData');
  const years = {
    years: summary.inactiveAccountErasureYears,
    taxYears: summary.taxRecordYears,
    recordYears: KEPT_RECORDS_YEARS,
  };
  return (
    <div className="space-y-8">
      <p className="text-sm text-stone-700">{t('intro')}</p>
      <section aria-labelledby="privacy-summary">
        <h2 id="privacy-summary" className="text-base font-semibold text-stone-900">
          {t('summaryHeading')}
        </h2>
        <ul className="mt-2 divide-y divide-stone-200 text-sm">
          {summary.lines.map((line) => (
            <li key={line.kind} className="py-3" data-testid={`data-kind-${line.kind}`}>
              <div className="flex flex-wrap justify-between gap-x-4">
                <h3 className="font-medium text-stone-900">{t(`kinds.${line.kind}.title`)}</h3>
                <p className="text-stone-700 tabular-nums">{t('count', { count: line.count })}</p>
              </div>
              <p className="text-stone-700">{t(`kinds.${line.kind}.purpose`)}</p>
              <p className="text-xs text-stone-600">
                {t(`kinds.${line.kind}.kept`, years)} {t(`onErasure.${line.onErasure}`)}.
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="privacy-download" className="space-y-3">
        <h2 id="privacy-download" className="text-base font-semibold text-stone-900">
          {t('downloadHeading')}
        </h2>
        <p className="text-sm text-stone-700">{t('downloadHint')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={`${apiUrl}/account/data/export?format=json`}
            download
            className="rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('downloadJson')}
          </a>
          <a
            href={`${apiUrl}/account/data/export?format=html`}
            download
            className="rounded-md border border-stone-300 px-4 py-2.5 text-center text-sm font-semibold text-stone-800 hover:border-stone-900"
          >
            {t('downloadHtml')}
          </a>
        </div>
      </section>
    </div>
  );
}
