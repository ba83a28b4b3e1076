/**
 * The auth module's jobs (lib/module.ts): the mail telling an owner their unverified account
 * was taken over with Google. Its payload is the user's id (the address is read when it runs).
 */
import type { JobDefinition } from '../../lib/module';

/** The job that tells an owner their unverified account was taken over with Google. */
export const ACCOUNT_CLAIMED_MAIL_JOB = 'mail-account-claimed';

/** The jobs of `auth`, handled by `mailAccountClaimed(userId)`. */
export function authJobs(auth: { mailAccountClaimed(userId: string): Promise<void> }): JobDefinition[] {
  return [
    {
      name: ACCOUNT_CLAIMED_MAIL_JOB,
      handler: ({ userId }: { userId: string }) => auth.mailAccountClaimed(userId),
    },
  ];
}
