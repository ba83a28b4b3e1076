/**
 * Whether a verification code was mailed a moment ago in this tab (at registration, or by
 * Resend), so the verification form starts its OTP_RESEND_INTERVAL_MS wait at once
 * (behaviour.md §5). Forgotten once the email is verified and at logout; a reload forgets it
 * too (the API still refuses a code asked for too soon: 'Please wait a minute…').
 */
let mailedJustNow = false;

/** A code has just been mailed (true) or is no longer pending (false: verified, logged out). */
export function noteCodeMailed(mailed: boolean): void {
  mailedJustNow = mailed;
}

/** Whether a code was mailed in this tab and not yet used. */
export function codeMailedJustNow(): boolean {
  return mailedJustNow;
}
