import { SignedOutWatch } from './signed-out-island';

/** An account page for a session that has just ended: an empty frame while the browser ends it (signed-out.tsx). */
export function SignedOutPlaceholder() {
  return (
    <>
      <div aria-hidden="true" className="min-h-96" />
      <SignedOutWatch sendToLogin />
    </>
  );
}
