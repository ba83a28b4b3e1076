/**
 * Who is calling the admin API (`/admin/api/*`, docs/admin.md). A staff member's session comes
 * as the httpOnly `vastra_admin` cookie (Path=/admin, SameSite=Strict) or as a bearer token.
 * The operator token (`npm run ops`, scripts; lib/operator-token.ts) is the other bearer
 * credential: it acts as an owner named `operator` in the audit log. Writes carried by the
 * cookie alone must come from the API's own origin, where the admin app is served.
 * `app.requireStaff(permission)` is an onRequest hook (a stranger gets 401 before the body is
 * read) that also refuses a role without the permission (403) and, while two-factor sign-in is
 * mandatory and not set up, everything but the set-up (`requireStaff(null)`).
 */
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_MESSAGES, ADMIN_SESSION_COOKIE, roleCan, type AdminPermission } from '@vastra/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { OPERATOR_PRINCIPAL, type StaffPrincipal, type StaffService } from '../modules/staff';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member (or operator token) behind an admin call; set by `requireStaff`. */
    staffPrincipal: StaffPrincipal | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in staff member whose role has `permission` (null: any role, set-up allowed). */
    requireStaff: (permission: AdminPermission | null) => Hook;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(given: string, expected: Buffer): boolean {
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function registerAdminAuth(
  app: FastifyInstance,
  opts: { staff: StaffService; operatorToken: string; adminOrigin: string },
): void {
  const operator = Buffer.from(opts.operatorToken);
  app.decorateRequest('staffPrincipal', null);

  const identify = async (request: FastifyRequest): Promise<StaffPrincipal> => {
    const [scheme, bearer] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() === 'bearer' && bearer) {
      return sameSecret(bearer, operator) ? OPERATOR_PRINCIPAL : opts.staff.authenticate(bearer);
    }
    const cookie = request.cookies?.[ADMIN_SESSION_COOKIE];
    if (!cookie) throw new UnauthorizedError(ADMIN_MESSAGES.signInRequired);
    if (!SAFE_METHODS.has(request.method) && request.headers.origin !== opts.adminOrigin) {
      throw new ForbiddenError(ADMIN_MESSAGES.originNotAllowed);
    }
    return opts.staff.authenticate(cookie);
  };

  app.decorate('requireStaff', (permission: AdminPermission | null): Hook => {
    return async (request) => {
      const principal = await identify(request);
      if (permission !== null) {
        if (principal.mustEnrolTotp) throw new ForbiddenError(ADMIN_MESSAGES.totpEnrolmentRequired);
        if (!roleCan(principal.role, permission)) throw new ForbiddenError(ADMIN_MESSAGES.notAllowed);
      }
      request.staffPrincipal = principal;
    };
  });
}

/** The principal set by `requireStaff`; for handlers behind it. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staffPrincipal) throw new UnauthorizedError(ADMIN_MESSAGES.signInRequired);
  return request.staffPrincipal;
}
