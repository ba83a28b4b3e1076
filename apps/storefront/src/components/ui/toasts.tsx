'use client';

import { TOAST } from '@vastra/contracts';
import { ToastBar, Toaster } from 'react-hot-toast';

/**
 * Where toasts appear (behaviour.md §9): top-center, success 2 s, error 4 s, 320 px wide. A
 * toast's text is a behaviour.md §8 message (an API answer or a constant), shown in the page's
 * language here (`localise`: useLocaliseMessage of src/i18n/spec-messages.ts), so no caller
 * translates its own.
 */
export function Toasts({ localise }: { localise: (message: string) => string }) {
  return (
    <Toaster
      position={TOAST.position}
      toastOptions={{
        style: { width: TOAST.widthPx, maxWidth: 'calc(100vw - 2rem)', fontSize: '0.875rem', color: '#1c1917' },
        success: { duration: TOAST.successMs, iconTheme: { primary: '#047857', secondary: '#fff' } },
        error: { duration: TOAST.errorMs, iconTheme: { primary: '#8a1a42', secondary: '#fff' } },
      }}
    >
      {(toast) => (
        <ToastBar
          toast={typeof toast.message === 'string' ? { ...toast, message: localise(toast.message) } : toast}
          position={toast.position ?? TOAST.position}
        />
      )}
    </Toaster>
  );
}
