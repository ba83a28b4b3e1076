import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { getMyConsents } from '@/lib/api/server/shopper';

/**
 * Below a shopper's wishlist: price-drop mails need their consent (docs/behaviour.md "Consent and
 * the privacy notice"), so while `price_alerts` is not given the page says so and links to the
 * account page's switch. Read on the server; nothing when the consents cannot be read.
 */
export async function PriceAlertsHint() {
  const consents = await getMyConsents().catch(() => null);
  if (!consents || consents.current.some((c) => c.purpose === 'price_alerts' && c.given)) return null;
  const t = await getTranslations('account.wishlistPriceAlerts');
  return (
    <p className="mt-6 rounded-md bg-stone-50 p-4 text-sm text-stone-700">
      {t('text')}{' '}
      <Link href="/account#privacy-consent-title" className="font-semibold text-brand-700 underline">
        {t('turnOn')}
      </Link>
    </p>
  );
}
