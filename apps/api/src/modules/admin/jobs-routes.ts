/**
 * The background jobs' history in the admin (lib/jobs): the latest jobs, newest first, with
 * their state, times, retries and last error message (never a payload). From pg-boss's tables
 * on PostgreSQL (every instance's jobs, archived ones too), from memory on the embedded
 * database. Needs `audit.read` (owner).
 */
import { ADMIN_API_PREFIX, envelope } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { Jobs } from '../../lib/jobs';

const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['created', 'retry', 'active', 'completed', 'failed', 'cancelled']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  retryCount: z.number().int(),
  error: z.string().nullable(),
});

export const adminJobsRoutes: FastifyPluginAsyncZod<{ jobs: Jobs }> = async (app, { jobs }) => {
  app.get(
    `${ADMIN_API_PREFIX}/jobs`,
    {
      onRequest: app.requireStaff('audit.read'),
      schema: {
        tags: ['admin'],
        summary: 'The latest background jobs (mails, imports, recurring work), newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: {
          200: envelope(z.object({ jobs: z.array(jobSchema), depth: z.number().int() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok({ jobs: await jobs.recent(request.query.limit), depth: await jobs.depth() }),
  );
};
