import { useTranslations } from 'next-intl';

/**
 * "Remind me by mail if I leave something in my bag": the shopper's consent to cart reminders at sign-up
 * and checkout (docs/behaviour.md "Consent and the privacy notice"). Never pre-ticked: its owner
 * starts it at false and only the shopper's tick turns it on. Without `onChange` (a server
 * render) it is disabled.
 */
export function CartRemindersBox({
  checked,
  onChange,
  className = 'flex items-start gap-3 text-sm text-stone-800',
}: {
  checked: boolean;
  onChange?: (want: boolean) => void;
  className?: string;
}) {
  const t = useTranslations('account.privacy');
  return (
    <label className={className}>
      <input
        type="checkbox"
        name="cartReminders"
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        checked={checked}
        disabled={!onChange}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
      />
      <span>{t('cartReminders')}</span>
    </label>
  );
}
