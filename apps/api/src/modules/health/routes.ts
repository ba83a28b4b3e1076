/**
 * Liveness and readiness: GET /health answers while the process runs; GET /ready answers 200
 * only when the database does (503 otherwise), for load balancers and orchestrators.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const status = z.object({
  success: z.boolean(),
  data: z.object({ status: z.string(), database: z.string().optional() }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({
    success: true,
    data: { status: 'ok' },
  }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: status, 503: status } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { success: true, data: { status: 'ready', database: database.kind } };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply.status(503).send({ success: false, data: { status: 'unavailable', database: database.kind } });
      }
    },
  );
};
