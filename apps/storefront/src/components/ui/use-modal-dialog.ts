'use client';

import { useCallback, useEffect, useId, useRef, type MouseEvent } from 'react';

/**
 * Keeps a modal `<dialog>` in step with an `isOpen` flag, for the login modal and the wishlist
 * sidebar: opening calls `showModal()` (the browser traps focus, makes the page behind inert
 * and closes on Escape) and then `onOpen`; a click on the overlay or on a link inside closes it.
 * Every way of closing ends in the dialog's close event, which calls `onClosed` and gives focus
 * back to whatever opened it. Spread `dialogProps` on the `<dialog>`; `titleId` names its title.
 * `onOpen` should keep its identity between renders (useCallback).
 */
export function useModalDialog(
  isOpen: boolean,
  handlers: { onOpen?: (dialog: HTMLDialogElement) => void; onClosed: () => void },
) {
  const { onOpen, onClosed } = handlers;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      onOpen?.(dialog);
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen, onOpen]);

  const close = useCallback(() => dialogRef.current?.close(), []);

  const dialogProps = {
    ref: dialogRef,
    'aria-labelledby': titleId,
    'aria-modal': true,
    onClose: () => {
      onClosed();
      if (openerRef.current?.isConnected) openerRef.current.focus();
      openerRef.current = null;
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      const target = event.target as Element;
      if (target === dialogRef.current || target.closest('a[href]')) close();
    },
  } as const;

  return { dialogProps, titleId, close };
}
