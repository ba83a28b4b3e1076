'use client';

import { ALERTS_MESSAGES, type UnsubscribeStatus } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { UnsubscribeForm } from '@/components/unsubscribe-form';
import { unsubscribe } from '@/lib/api/browser/alerts';

/** Stops the alert mails of the link's token (docs/shopper-features.md "Alerts"), without a login. */
export function UnsubscribePanel({ token, status }: { token: string; status: UnsubscribeStatus | null }) {
  const t = useTranslations('account.alerts');
  return (
    <UnsubscribeForm
      token={token}
      status={status}
      question={status && t.rich('question', { email: status.email, strong: (chunks) => <strong>{chunks}</strong> })}
      button={t('unsubscribe')}
      messages={ALERTS_MESSAGES}
      stop={unsubscribe}
    />
  );
}
