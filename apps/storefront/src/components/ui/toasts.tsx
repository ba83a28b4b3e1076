'use client';

import { TOAST } from '@vastra/contracts';
import { Toaster } from 'react-hot-toast';

/** Where toasts appear (behaviour.md §9): top-center, success 2 s, error 4 s, 320 px wide. */
export function Toasts() {
  return (
    <Toaster
      position={TOAST.position}
      toastOptions={{
        style: { width: TOAST.widthPx, maxWidth: 'calc(100vw - 2rem)', fontSize: '0.875rem', color: '#1c1917' },
        success: { duration: TOAST.successMs, iconTheme: { primary: '#047857', secondary: '#fff' } },
        error: { duration: TOAST.errorMs, iconTheme: { primary: '#8a1a42', secondary: '#fff' } },
      }}
    />
  );
}
