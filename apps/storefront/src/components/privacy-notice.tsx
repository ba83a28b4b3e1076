import { PRIVACY_NOTICE_VERSION, PRIVACY_POLICY_PATH } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** Where the notice is taken: the sign-up form, a first sign-in (phone, Google), or Place order. */
export type NoticeMoment = 'signUp' | 'signIn' | 'checkout';

const TAKEN = { signUp: 'takenAtSignUp', signIn: 'takenAtSignIn', checkout: 'takenAtCheckout' } as const;

/**
 * The privacy notice in plain words (docs/behaviour.md "Consent and the privacy notice"): what is
 * collected, why, for how long, the shopper's rights and how to complain to the Data Protection
 * Board, a link to the privacy policy, and that the action beside it (creating the account,
 * placing the order) accepts this version of it. Shown before the data is taken; renders on the
 * server or in a client component alike (its texts are `account.privacy`, in every page's messages).
 */
export function PrivacyNotice({ moment }: { moment: NoticeMoment }) {
  const t = useTranslations('account.privacy');
  return (
    <section
      aria-label={t('title')}
      data-testid="privacy-notice"
      className="space-y-1.5 rounded-md border border-stone-200 bg-stone-50 p-3 text-xs leading-relaxed text-stone-700"
    >
      <p className="font-semibold text-stone-900">{t('title')}</p>
      <p>{t('what')}</p>
      <p>{t('why')}</p>
      <p>{t('howLong')}</p>
      <p>{t('rights')}</p>
      <p>
        {t(TAKEN[moment], { version: PRIVACY_NOTICE_VERSION })}{' '}
        <Link href={PRIVACY_POLICY_PATH} className="font-semibold text-brand-700 underline">
          {t('policy')}
        </Link>
      </p>
    </section>
  );
}
