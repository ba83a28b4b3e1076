/**
 * The grievances module's job (lib/module.ts): the mail to the complainant, on acknowledgement
 * (number and resolve-by date) and on closing (resolved or rejected, with the store's answer).
 * The payload holds the grievance's id only; the rest is read when it runs.
 */
import type { JobDefinition } from '../../lib/module';

export const GRIEVANCE_MAIL_JOB = 'mail-grievance';
export type GrievanceMailJob = { grievanceId: string; mail: 'acknowledged' | 'closed' };

/** The jobs of the grievances module over its mailer. */
export function grievancesJobs(mails: { send(job: GrievanceMailJob): Promise<void> }): JobDefinition[] {
  return [{ name: GRIEVANCE_MAIL_JOB, handler: (job: GrievanceMailJob) => mails.send(job) }];
}
