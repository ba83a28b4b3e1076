/**
 * Helpers for admin tests: make a staff member of a role, sign in through the admin API, call
 * it as the admin app does (cookie and the API's own Origin), and mint authenticator codes.
 */
import assert from 'node:assert/strict';
import { ADMIN_SESSION_COOKIE, type AdminRole } from '@vastra/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { freshIp, uniqueEmail } from './accounts';
import type { TestContext } from './harness';

/** The API's origin in tests (PUBLIC_URL), where the admin app is served. */
export const ADMIN_ORIGIN = 'http://api.test';

export type StaffLogin = { id: string; email: string; password: string; cookie: string; role: AdminRole };

/** `vastra_admin=<value>` from a reply's Set-Cookie. */
export function adminCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [String(header ?? '')];
  const found = cookies.find((c) => c.startsWith(`${ADMIN_SESSION_COOKIE}=`));
  return found ? found.split(';')[0]! : '';
}

/** Signs in through POST /admin/api/auth/login; returns the raw reply. */
export function staffLogin(
  app: FastifyInstance,
  body: { email: string; password: string; code?: string; recoveryCode?: string },
) {
  return app.inject({ method: 'POST', url: '/admin/api/auth/login', remoteAddress: freshIp(), payload: body });
}

/** Makes a staff member of `role` (through the service, as an accepted invitation would) and signs in. */
export async function staffOfRole(ctx: TestContext, role: AdminRole): Promise<StaffLogin> {
  const email = uniqueEmail(role);
  const password = 'staff password 1';
  const member = await ctx.app.staff.create(ctx.database.db, { email, name: `${role} member`, role, password });
  const res = await staffLogin(ctx.app, { email, password });
  assert.equal(res.statusCode, 200, res.body);
  return { id: member.id, email, password, cookie: adminCookie(res), role };
}

/** One signed-in staff member of each role. */
export async function staffTeam(ctx: TestContext): Promise<Record<AdminRole, StaffLogin>> {
  return {
    owner: await staffOfRole(ctx, 'owner'),
    staff: await staffOfRole(ctx, 'staff'),
    support: await staffOfRole(ctx, 'support'),
  };
}

/** Calls the admin API as the admin app does: the session cookie, and the API's Origin on writes. */
export function asStaff(
  app: FastifyInstance,
  who: { cookie: string },
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, origin: ADMIN_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** The authenticator's code for `base32` at `at` (ms). */
export function totpCode(base32: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(base32), timestamp: at });
}
