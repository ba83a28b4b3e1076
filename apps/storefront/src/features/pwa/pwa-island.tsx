import { getTranslations } from 'next-intl/server';
import { PwaLoader } from './pwa-loader';

/**
 * The installable app's part of every page (pwa-shell.tsx: offline notice, install offer,
 * service worker registration). Its texts are translated here on the server and handed over,
 * so the browser's shell needs no translation runtime of its own (none in first-load JS).
 */
export async function PwaIsland() {
  const t = await getTranslations('pwa');
  return (
    <PwaLoader
      texts={{
        offlineNotice: t('offlineNotice'),
        installTitle: t('installTitle'),
        installBody: t('installBody'),
        install: t('install'),
        notNow: t('notNow'),
      }}
    />
  );
}
