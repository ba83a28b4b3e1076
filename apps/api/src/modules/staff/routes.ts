/**
 * The admin API's own routes (docs/admin.md): staff sign-in and sign-out, the signed-in
 * account (two-factor set-up, password), invitations, the staff list (owner), the admin
 * settings (owner) and the audit log (owner). The session token travels only in the httpOnly
 * cookie, never in a body a script could read.
 */
import {
  ADMIN_API_PREFIX,
  ADMIN_BASE_PATH,
  ADMIN_MESSAGES,
  ADMIN_SESSION_COOKIE,
  acceptInviteBodySchema,
  adminSessionSchema,
  adminSettingsSchema,
  auditEntrySchema,
  changeStaffPasswordBodySchema,
  envelope,
  messageEnvelopeSchema,
  pageOf,
  adminPageQuerySchema,
  staffInviteBodySchema,
  staffLoginBodySchema,
  staffSchema,
  staffUpdateBodySchema,
  totpCodeBodySchema,
} from '@vastra/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { done, errorResponses, ok } from '../../lib/http';
import { istDayStart } from '../../lib/india-time';
import { staffOf } from '../../plugins/admin-auth';
import type { DeviceCookies, LoginThrottle } from '../auth';
import type { AuditLog } from './audit';
import type { StaffInvites } from './invites';
import type { StaffService } from './service';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;
const idParams = z.object({ id: z.uuid() });
const inviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  expiresAt: z.string(),
});

export const staffRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  invites: StaffInvites;
  audit: AuditLog;
  /** Staff sign-in's own limits (a LoginThrottle scoped apart from shoppers'). */
  throttle: LoginThrottle;
  /** The staff device cookie (STAFF_DEVICE_COOKIE), issued at each sign-in. */
  devices: DeviceCookies;
  secureCookies: boolean;
}> = async (app, { staff, invites, audit, throttle, devices, secureCookies }) => {
  const cookieOptions = { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: ADMIN_BASE_PATH } as const;
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
  const selfId = (request: { staffPrincipal: { staffId: string | null } | null }) =>
    request.staffPrincipal?.staffId ?? undefined;
  const readStaff = (id: string) => staff.get(id);

  app.post(
    `${P}/auth/login`,
    {
      config: { audit: 'self' },
      schema: {
        tags,
        summary: 'Staff sign-in: email and password, then the authenticator code or a recovery code when 2FA is on',
        body: staffLoginBodySchema,
        response: { 200: envelope(adminSessionSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const meta = { userAgent: request.headers['user-agent'], ip: request.ip };
      const device = await devices.deviceOf(request, request.body.email);
      const { session, view } = await throttle.attempt(request.body.email, { ip: request.ip, device }, () =>
        staff.login(request.body, meta),
      );
      reply.setCookie(ADMIN_SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
      await devices.issue(reply, request.body.email);
      const actor = { ...view.staff, staffId: view.staff.id, sessionId: null, mustEnrolTotp: view.mustEnrolTotp };
      await audit.record({
        actor,
        action: 'staff.login',
        entity: 'staff',
        entityId: view.staff.id,
        requestId: request.id,
      });
      return ok(view, ADMIN_MESSAGES.signedIn);
    },
  );

  app.post(
    `${P}/auth/logout`,
    {
      onRequest: app.requireStaff(null),
      config: { audit: 'self' },
      schema: { tags, summary: 'Sign out: this session ends', response: { 200: messageEnvelopeSchema } },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      if (principal.sessionId) await staff.logout(principal.sessionId);
      clearCookie(reply);
      return done(ADMIN_MESSAGES.signedOut);
    },
  );

  app.get(
    `${P}/auth/me`,
    {
      onRequest: app.requireStaff(null),
      schema: {
        tags,
        summary: 'The signed-in staff member, their permissions and whether 2FA must be set up',
        response: { 200: envelope(adminSessionSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const principal = staffOf(request);
      // The operator token (`npm run ops`) is not an account.
      if (!principal.staffId) throw new NotFoundError('The operator token has no staff account');
      return ok(await staff.me(principal.staffId));
    },
  );

  app.post(
    `${P}/auth/totp/setup`,
    {
      onRequest: app.requireStaff(null),
      config: { audit: { action: 'staff.totp_setup', entity: 'staff', id: selfId, read: readStaff } },
      schema: {
        tags,
        summary: 'Start two-factor set-up: a new secret and its otpauth:// URI for the QR code',
        response: { 200: envelope(z.object({ secret: z.string(), uri: z.string() })), ...errorResponses(401, 409) },
      },
    },
    async (request) => ok(await staff.startTotp(staffOf(request).staffId!)),
  );

  app.post(
    `${P}/auth/totp/enable`,
    {
      onRequest: app.requireStaff(null),
      config: { audit: { action: 'staff.totp_enable', entity: 'staff', id: selfId, read: readStaff } },
      schema: {
        tags,
        summary: 'Confirm two-factor set-up with a code; answers the recovery codes, shown once',
        body: totpCodeBodySchema,
        response: {
          200: envelope(z.object({ recoveryCodes: z.array(z.string()) })),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) => ok({ recoveryCodes: await staff.enableTotp(staffOf(request).staffId!, request.body.code) }),
  );

  app.post(
    `${P}/auth/password`,
    {
      onRequest: app.requireStaff(null),
      config: { audit: { action: 'staff.password', entity: 'staff', id: selfId, read: readStaff } },
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: changeStaffPasswordBodySchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await staff.changePassword(staffOf(request), request.body.currentPassword, request.body.newPassword);
      return done(ADMIN_MESSAGES.passwordChanged);
    },
  );

  app.post(
    `${P}/invites/check`,
    {
      config: { audit: 'self' },
      schema: {
        tags,
        summary: 'What a set-up link is for (email, name, role); 404 unknown, 400 expired, 409 used',
        body: z.object({ token: acceptInviteBodySchema.shape.token }),
        response: {
          200: envelope(z.object({ email: z.string(), name: z.string(), role: z.string() })),
          ...errorResponses(400, 404, 409),
        },
      },
    },
    async (request) => ok(await invites.describe(request.body.token)),
  );

  app.post(
    `${P}/invites/accept`,
    {
      config: { audit: 'self' },
      schema: {
        tags,
        summary: 'Accept a set-up link: choose a password; the staff account is made',
        body: acceptInviteBodySchema,
        response: { 201: envelope(staffSchema), ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const member = await invites.accept(request.body.token, request.body.password);
      const actor = { ...member, staffId: member.id, sessionId: null, mustEnrolTotp: false };
      await audit.record({
        actor,
        action: 'staff.invite_accept',
        entity: 'staff',
        entityId: member.id,
        after: member,
        requestId: request.id,
      });
      return reply.code(201).send(ok(member));
    },
  );

  app.get(
    `${P}/staff`,
    {
      onRequest: app.requireStaff('staff.manage'),
      schema: {
        tags,
        summary: 'Every staff member',
        response: { 200: envelope(z.array(staffSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await staff.list()),
  );

  app.post(
    `${P}/staff/invites`,
    {
      onRequest: app.requireStaff('staff.manage'),
      config: { audit: { action: 'staff.invite', entity: 'staff_invite' } },
      schema: {
        tags,
        summary: 'Invite a staff member by mail (set-up link valid 48 h)',
        body: staffInviteBodySchema,
        response: { 201: envelope(inviteSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await invites.invite(request.body, staffOf(request).staffId), ADMIN_MESSAGES.inviteSent)),
  );

  app.patch(
    `${P}/staff/:id`,
    {
      onRequest: app.requireStaff('staff.manage'),
      config: {
        audit: { action: 'staff.update', entity: 'staff', id: (r) => (r.params as { id: string }).id, read: readStaff },
      },
      schema: {
        tags,
        summary: 'Change a staff member’s role, or disable the account (its sessions end)',
        params: idParams,
        body: staffUpdateBodySchema,
        response: { 200: envelope(staffSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await staff.update(request.params.id, request.body)),
  );

  app.get(
    `${P}/settings`,
    {
      onRequest: app.requireStaff('settings.write'),
      schema: {
        tags,
        summary: 'The admin settings',
        response: { 200: envelope(adminSettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await staff.settings()),
  );

  app.put(
    `${P}/settings`,
    {
      onRequest: app.requireStaff('settings.write'),
      config: {
        audit: { action: 'settings.update', entity: 'settings', id: () => 'admin', read: () => staff.settings() },
      },
      schema: {
        tags,
        summary: 'Change the admin settings (two-factor sign-in mandatory, the low-stock threshold in pieces)',
        body: adminSettingsSchema.partial(),
        response: { 200: envelope(adminSettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await staff.updateSettings(request.body)),
  );

  app.get(
    `${P}/audit`,
    {
      onRequest: app.requireStaff('audit.read'),
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered by staff member, record, action and dates (India time)',
        querystring: adminPageQuerySchema.extend({
          staffId: z.uuid().optional(),
          entity: z.string().max(50).optional(),
          entityId: z.string().max(100).optional(),
          action: z.string().max(100).optional(),
          from: z.iso.date().optional(),
          to: z.iso.date().optional(),
        }),
        response: { 200: envelope(pageOf(auditEntrySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to, ...rest } = request.query;
      return ok(
        await audit.list({
          ...rest,
          ...(from ? { from: istDayStart(from) } : {}),
          ...(to ? { to: istDayStart(to, 1) } : {}),
        }),
      );
    },
  );
};
