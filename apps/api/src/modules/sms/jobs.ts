/** The sms module's jobs (lib/module.ts): clearing the send ledger of rows that count for nothing. */
import type { JobDefinition } from '../../lib/module';

/** Deletes `sms_sends` rows older than two days, every six hours. */
export const SMS_PRUNE_JOB = 'sms-prune';

export function smsJobs(sms: { prune(): Promise<number> }): JobDefinition[] {
  return [{ name: SMS_PRUNE_JOB, handler: async () => void (await sms.prune()), everyMs: 6 * 60 * 60_000 }];
}
