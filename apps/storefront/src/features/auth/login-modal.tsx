'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import { useCallback, useEffect } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useLoginModal } from '@/lib/login-modal';
import { useShopper } from '@/lib/shopper-context';
import { LoginForm } from './login-form';

/**
 * The login modal (behaviour.md §2, §4): a modal <dialog> (the browser traps focus, makes the page behind
 * it inert and closes it on Escape), also closed by its overlay, its close button and its
 * links. It clears its error on close (the form, and its error, are rendered only while it is
 * open), closes itself once the shopper is logged in (the shopper context has a user), and
 * gives focus back to whatever opened it.
 */
export function LoginModal() {
  const t = useTranslations('account.auth');
  const { isOpen, close } = useLoginModal();
  const { user } = useShopper();
  // Registering from the modal comes back to this page once the email is verified.
  const pathname = usePathname();
  const onOpen = useCallback((dialog: HTMLDialogElement) => {
    dialog.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  }, []);
  const { dialogProps, titleId, close: closeDialog } = useModalDialog(isOpen, { onOpen, onClosed: close });

  useEffect(() => {
    if (user) close();
  }, [user, close]);

  return (
    <dialog
      {...dialogProps}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/60"
    >
      {isOpen && (
        <div className="px-5 py-6 sm:px-8 sm:py-8">
          <div className="mb-6 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-2xl font-bold tracking-tight">
                {t('loginTitle')}
              </h2>
              <p className="mt-1 text-sm text-stone-600">{t('modalIntro')}</p>
            </div>
            <button
              type="button"
              onClick={closeDialog}
              className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-md text-stone-700 hover:bg-stone-100"
            >
              <CloseIcon />
              <span className="sr-only">{t('close')}</span>
            </button>
          </div>
          <LoginForm onSuccess={close} next={pathname} />
        </div>
      )}
    </dialog>
  );
}
