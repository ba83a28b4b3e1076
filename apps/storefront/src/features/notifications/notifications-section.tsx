import { getTranslations } from 'next-intl/server';
import { PushSettingsIsland } from './island';
import type { PushTexts } from './push-settings';

/**
 * The account page's "Notifications on this device" (docs/behaviour.md "Push notifications"):
 * the heading and texts from the server; the controls (push-settings.tsx) load after the page.
 */
export async function NotificationsSection() {
  const t = await getTranslations('notifications');
  const keys: (keyof PushTexts)[] = [
    'checking',
    'allow',
    'turnOff',
    'on',
    'kinds',
    'backInStock',
    'priceDrop',
    'orderUpdates',
    'unsupported',
    'denied',
    'storeOff',
    'failed',
  ];
  const texts = Object.fromEntries(keys.map((key) => [key, t(key)])) as PushTexts;
  return (
    <section aria-labelledby="notifications-title" className="mt-8 space-y-3 border-t border-stone-200 pt-6">
      <h2 id="notifications-title" className="text-lg font-semibold text-stone-900">
        {t('title')}
      </h2>
      <p className="text-sm text-stone-700">{t('intro')}</p>
      <PushSettingsIsland texts={texts} />
    </section>
  );
}
