/**
 * The privacy module's job (lib/module.ts): `privacy.retention`, every hour across instances:
 * notices to inactive accounts, their erasure 48 hours later, the purge of orders past their
 * GST retention and of the other records kept after erasure past theirs (retention.ts). No retries: the next run finds the same work.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';
import type { Retention } from './retention';

export const PRIVACY_RETENTION_JOB = 'privacy.retention';
/** How often the scan runs, in ms: an erasure happens at most this long after its 48 hours. */
export const PRIVACY_RETENTION_EVERY_MS = 60 * 60_000;

export function privacyJobs(retention: Pick<Retention, 'scan'>, log: FastifyBaseLogger): JobDefinition[] {
  return [
    {
      name: PRIVACY_RETENTION_JOB,
      handler: async () => {
        const result = await retention.scan();
        if (Object.values(result).some((n) => n > 0)) log.info(result, 'data retention');
      },
      retry: { retryLimit: 0 },
      everyMs: PRIVACY_RETENTION_EVERY_MS,
    },
  ];
}
