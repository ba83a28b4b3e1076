'use client';

import { useTranslations } from 'next-intl';
import { useLocaliseMessage } from '@/i18n/spec-messages';
import { useLoginModal } from '@/lib/login-modal';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * What a logged-out shopper sees where a feature needs a login (behaviour.md §2 wishlist, §5 reviews): the
 * message and a Login button that opens the login modal. `beforeOpen` lets an overlay close
 * itself first, so the modal hands focus back to the page, not to a closed overlay. The button
 * is disabled until hydrated, so a click is never lost.
 */
export function LoginPrompt({ message, beforeOpen }: { message: string; beforeOpen?: () => void }) {
  const { open } = useLoginModal();
  const hydrated = useHydrated();
  const t = useTranslations('common.ui');
  const localise = useLocaliseMessage();
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-8 text-center">
      <p className="text-stone-700">{localise(message)}</p>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={() => {
          beforeOpen?.();
          open();
        }}
        className="rounded-md bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('login')}
      </button>
    </div>
  );
}
