/**
 * Grievances over HTTP (behaviour.md "Grievances", docs/admin.md "Grievances"):
 * - POST /grievances: anyone lodges one (a session, when present, links it to the account),
 *   GRIEVANCES_PER_HOUR per client address and per account (429 beyond); 201 with its number;
 * - GET /grievances: the signed-in shopper's own;
 * - POST /grievances/lookup: one by number and email (POST: the email stays out of URLs and logs),
 *   LOOKUPS_PER_HOUR per client address; 404 for a wrong pair;
 * - /admin/api/grievances: the queue (everyone on staff reads), the status changes (owner and
 *   staff), each audited.
 */
import {
  ADMIN_API_PREFIX,
  adminGrievanceSchema,
  adminPageQuerySchema,
  envelope,
  GRIEVANCE_MESSAGES,
  GRIEVANCE_QUEUE_FILTERS,
  grievanceListSchema,
  grievanceLodgeBodySchema,
  grievanceLookupBodySchema,
  grievanceSchema,
  grievanceStatusBodySchema,
  pageOf,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import { HOUR_MS, createLimitGuard } from '../../plugins/rate-limit';
import type { GrievancesService } from './service';

/** Grievances one client address (and one account) may lodge an hour: far above a real complainant's. */
export const GRIEVANCES_PER_HOUR = 5;
/** Lookups by number and email one client address may make an hour (no guessing of pairs). */
export const LOOKUPS_PER_HOUR = 30;

const tags = ['grievances'];
const grievanceAnswer = envelope(z.object({ grievance: grievanceSchema }));

export const grievancesRoutes: FastifyPluginAsyncZod<{ grievances: GrievancesService }> = async (
  app,
  { grievances },
) => {
  const lodgeLimit = createLimitGuard(
    app,
    'grievances:lodge',
    {
      ip: { max: GRIEVANCES_PER_HOUR, timeWindow: HOUR_MS },
      account: { max: GRIEVANCES_PER_HOUR, timeWindow: HOUR_MS },
    },
    GRIEVANCE_MESSAGES.tooMany,
  );
  const lookupLimit = createLimitGuard(
    app,
    'grievances:lookup',
    { ip: { max: LOOKUPS_PER_HOUR, timeWindow: HOUR_MS } },
    GRIEVANCE_MESSAGES.tooMany,
  );

  app.post(
    '/grievances',
    {
      onRequest: [app.identifyUser, lodgeLimit],
      schema: {
        tags,
        summary: 'Lodge a grievance (signed in or not): answered at once with its number, acknowledged',
        body: grievanceLodgeBodySchema,
        response: { 201: grievanceAnswer, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const grievance = await grievances.lodge(request.principal?.userId ?? null, request.body);
      reply.code(201);
      return ok({ grievance }, GRIEVANCE_MESSAGES.lodged);
    },
  );

  app.get(
    '/grievances',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in shopper's grievances, newest first",
        response: { 200: envelope(grievanceListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok({ grievances: await grievances.mine(principalOf(request).userId) }),
  );

  app.post(
    '/grievances/lookup',
    {
      onRequest: lookupLimit,
      schema: {
        tags,
        summary: 'A grievance by its number and the email it was lodged with (404 otherwise)',
        body: grievanceLookupBodySchema,
        response: { 200: grievanceAnswer, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ok({ grievance: await grievances.lookup(request.body) }),
  );
};

export const grievancesAdminRoutes: FastifyPluginAsyncZod<{ grievances: GrievancesService }> = async (
  app,
  { grievances },
) => {
  const P = `${ADMIN_API_PREFIX}/grievances`;
  const idParams = z.object({ id: z.string().max(100) });

  app.get(
    P,
    {
      onRequest: app.requireStaff('grievances.read'),
      schema: {
        tags: ['admin'],
        summary: 'Grievances: open (soonest resolve-by first), overdue, or all (newest first)',
        querystring: adminPageQuerySchema.extend({ filter: z.enum(GRIEVANCE_QUEUE_FILTERS).default('open') }),
        response: { 200: envelope(pageOf(adminGrievanceSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await grievances.queue(request.query)),
  );

  app.get(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('grievances.read'),
      schema: {
        tags: ['admin'],
        summary: 'One grievance with the complainant’s details',
        params: idParams,
        response: { 200: envelope(adminGrievanceSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await grievances.adminGet(request.params.id)),
  );

  app.post(
    `${P}/:id/status`,
    {
      onRequest: app.requireStaff('grievances.write'),
      config: {
        audit: {
          action: 'grievance.status',
          entity: 'grievance',
          id: (r) => (r.params as { id: string }).id,
          read: (id) => grievances.adminGet(id),
        },
      },
      schema: {
        tags: ['admin'],
        summary: 'In progress, or resolved / rejected with the resolution the complainant reads (mailed)',
        params: idParams,
        body: grievanceStatusBodySchema,
        response: { 200: envelope(adminGrievanceSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await grievances.setStatus(request.params.id, request.body), GRIEVANCE_MESSAGES.updated),
  );
};
