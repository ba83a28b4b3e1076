import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TryAgain } from '@/features/pwa/try-again';
import { isLocale, routing } from '@/i18n/routing';

type Props = { params: Promise<{ locale: string }> };

/** The `pwa` texts in the page's language (the layout has already refused unknown ones). */
async function texts(params: Props['params']) {
  const { locale } = await params;
  return getTranslations({ locale: isLocale(locale) ? locale : routing.defaultLocale, namespace: 'pwa' });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await texts(params);
  return { title: t('offlinePageTitle'), robots: { index: false, follow: false } };
}

/**
 * /offline and /hi/offline (docs/behaviour.md "Offline and installing the app"): precached by the
 * service worker and shown, in the page's language, for any page that cannot be loaded without
 * a connection and was not saved. Rendered as for a guest (src/proxy.ts drops its cookies).
 */
export default async function OfflinePage({ params }: Props) {
  const t = await texts(params);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-stone-900 sm:text-2xl">{t('offlineTitle')}</h1>
      <p className="mt-2 text-stone-600">{t('offlineBody')}</p>
      <div className="mt-6">
        <TryAgain label={t('tryAgain')} />
      </div>
    </div>
  );
}
