'use client';

import { WHATSAPP_MESSAGES, type CodConfirmResult } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/navigation';
import { SpecMessage } from '@/i18n/spec-messages';
import { MutationError } from '@/lib/api/browser/mutate';
import { confirmCodOrder } from '@/lib/api/browser/whatsapp';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Confirms the held cash on delivery order of the link's token (docs/behaviour.md "COD
 * confirmation"), without a login: the button sends the token; the answer says the order is
 * confirmed (or already was) with a link to it, or why the link does not work. The button is
 * disabled until the page is hydrated.
 */
export function CodConfirmPanel({ token }: { token: string }) {
  const t = useTranslations('orders.codConfirm');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<{ result: CodConfirmResult; message: string } | null>(null);
  const [error, setError] = useState<string | null>(token ? null : WHATSAPP_MESSAGES.codLinkInvalid);

  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      const { result, message } = await confirmCodOrder(apiUrl, token);
      if (result) setConfirmed({ result, message: message ?? WHATSAPP_MESSAGES.codConfirmed });
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (confirmed) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm font-semibold text-emerald-800">
          <SpecMessage text={confirmed.message} />
        </p>
        <p className="text-sm text-stone-700">{t('confirmed', { orderNumber: confirmed.result.orderNumber })}</p>
        <Link
          href={`/account/orders/${encodeURIComponent(confirmed.result.orderId)}`}
          className="inline-block text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        >
          {t('viewOrder')}
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {token && <p className="text-sm text-stone-700">{t('intro')}</p>}
      {token && (
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={!hydrated || busy}
          className="rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? t('confirming') : t('confirm')}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          <SpecMessage text={error} />
        </p>
      )}
    </div>
  );
}
