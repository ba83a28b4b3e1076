'use client';

import { GENERIC_MESSAGES } from '@vastra/contracts';

/** Last resort when the root layout itself fails. */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-IN">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <h1>{GENERIC_MESSAGES.fallback}</h1>
        <button type="button" onClick={retry} style={{ marginTop: '1rem', padding: '0.5rem 1rem' }}>
          Try again
        </button>
      </body>
    </html>
  );
}
