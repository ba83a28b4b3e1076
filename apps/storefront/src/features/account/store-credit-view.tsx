import type { Wallet } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { formatPrice } from '@/lib/format';
import { shopDates } from '@/lib/shop-dates';

/**
 * /account/store-credit (behaviour.md "Store credit"): the balance, then every entry of the
 * ledger, newest first, with why it was made, its order and, for promotional credit, when it
 * runs out. Rendered on the server.
 */
export function StoreCreditView({ wallet }: { wallet: Wallet }) {
  const t = useTranslations('account.storeCredit');
  const dates = shopDates(useLocale());
  return (
    <div className="space-y-6">
      <section aria-labelledby="store-credit-balance" className="rounded-xl border border-stone-200 bg-brand-50 p-4">
        <h2 id="store-credit-balance" className="text-sm font-medium text-stone-700">
          {t('balance')}
        </h2>
        <p className="mt-1 text-2xl font-bold text-stone-900 tabular-nums" data-testid="store-credit-balance">
          {formatPrice(wallet.balance)}
        </p>
        <p className="mt-1 text-sm text-stone-700">{t('howToUse')}</p>
      </section>
      <section aria-labelledby="store-credit-ledger">
        <h2 id="store-credit-ledger" className="text-base font-semibold text-stone-900">
          {t('ledger')}
        </h2>
        {wallet.entries.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">{t('empty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 text-sm">
            {wallet.entries.map((entry) => (
              <li key={entry.id} data-testid="store-credit-entry" className="flex justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{t(`kind.${entry.kind}`)}</p>
                  <p className="break-words text-stone-700">{entry.reason}</p>
                  <p className="text-xs text-stone-600">
                    {dates.date(entry.createdAt)}
                    {entry.orderId && entry.orderNumber && (
                      <>
                        {' · '}
                        <Link href={`/account/orders/${entry.orderId}`} className="font-mono hover:underline">
                          {entry.orderNumber}
                        </Link>
                      </>
                    )}
                    {entry.expiresAt && entry.amount > 0 && (
                      <> · {t('expires', { date: dates.date(entry.expiresAt) })}</>
                    )}
                  </p>
                </div>
                <p
                  className={`shrink-0 font-semibold tabular-nums ${entry.amount > 0 ? 'text-emerald-800' : 'text-stone-900'}`}
                >
                  {entry.amount > 0 ? '+ ' : '− '}
                  {formatPrice(Math.abs(entry.amount))}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
