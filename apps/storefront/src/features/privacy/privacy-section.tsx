import { getFormatter, getTranslations } from 'next-intl/server';
import { getMyConsents, getMyNominee } from '@/lib/api/server/shopper';
import { ConsentChoices } from './consent-choices';
import { NomineeForm } from './nominee-form';

/**
 * The account page's "Privacy and consent" (docs/behaviour.md "Consent and the privacy notice"):
 * the notice version the shopper accepted, each purpose with its state and a one-click withdrawal
 * (or turning it on), the history of their consents, and their nominee. Read on the server, so
 * the first HTML shows it; nothing when it cannot be read (a guest, an ended session, the API
 * away): the rest of the page still shows.
 */
export async function PrivacySection() {
  const [consents, nominee] = await Promise.all([getMyConsents().catch(() => null), getMyNominee().catch(() => null)]);
  if (!consents) return null;
  const t = await getTranslations('account.consent');
  const format = await getFormatter();
  const accepted = consents.history.find((r) => r.purpose === 'account' || r.purpose === 'orders');
  return (
    <section aria-labelledby="privacy-consent-title" className="mt-8 space-y-4 border-t border-stone-200 pt-6">
      <h2 id="privacy-consent-title" className="scroll-mt-32 text-lg font-semibold text-stone-900">
        {t('title')}
      </h2>
      <p className="text-sm text-stone-600">{t('intro')}</p>
      <p className="text-sm text-stone-700">
        {accepted ? t('notice', { version: accepted.noticeVersion }) : t('noNotice')}
      </p>
      <ConsentChoices initial={consents.current} />
      {consents.history.length > 0 && (
        <details className="text-sm text-stone-700">
          <summary className="cursor-pointer font-medium text-stone-900">{t('history')}</summary>
          <ul className="mt-2 space-y-1">
            {consents.history.map((r) => (
              <li key={`${r.purpose}-${r.at}-${r.action}`}>
                {t(r.action, {
                  date: format.dateTime(new Date(r.at), { dateStyle: 'medium', timeStyle: 'short' }),
                  purpose: t(`purposes.${r.purpose}`),
                  version: r.noticeVersion,
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
      <NomineeForm initial={nominee} />
    </section>
  );
}
