'use client';

import { CART_REMINDERS_MESSAGES, type UnsubscribeStatus } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { UnsubscribeForm } from '@/components/unsubscribe-form';
import { unsubscribeCartReminders } from '@/lib/api/browser/cart-reminders';

/** Stops the cart reminders of the link's token (docs/behaviour.md "Cart reminders"), without a login. */
export function CartRemindersUnsubscribePanel({ token, status }: { token: string; status: UnsubscribeStatus | null }) {
  const t = useTranslations('account.cartReminders');
  return (
    <UnsubscribeForm
      token={token}
      status={status}
      question={status && t.rich('question', { email: status.email, strong: (chunks) => <strong>{chunks}</strong> })}
      button={t('unsubscribe')}
      messages={CART_REMINDERS_MESSAGES}
      stop={unsubscribeCartReminders}
    />
  );
}
