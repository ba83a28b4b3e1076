/**
 * The staff module's factories (lib/module.ts): the accounts first (staff sign-in, the admin
 * settings store, the audit log), which the store settings and the mailer are built on; then the
 * module, whose invitations mail through that mailer. Its request hooks audit every admin write
 * and tell `catalog.changed` of those that change what the storefront shows (lib/events.ts).
 */
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import { DeviceCookies, LoginThrottle, STAFF_DEVICE_COOKIE } from '../auth';
import { AuditLog, registerAdminAudit } from './audit';
import { StaffInvites } from './invites';
import { AdminNotes } from './notes';
import { staffRoutes } from './routes';
import { StaffService } from './service';
import { TotpKeys } from './totp';

export type StaffAccounts = { staff: StaffService; audit: AuditLog; throttle: LoginThrottle; notes: AdminNotes };

/** Staff accounts, the audit log and staff notes; `redis` shares the sign-in limits between instances. */
export function createStaffAccounts(deps: { db: Db; secret: Uint8Array; redis: Redis | undefined }): StaffAccounts {
  const throttle = new LoginThrottle(deps.redis, 'staff');
  return {
    staff: new StaffService(deps.db, new TotpKeys(deps.secret), throttle),
    audit: new AuditLog(deps.db),
    throttle,
    notes: new AdminNotes(deps.db),
  };
}

/** The staff module: sign-in, invitations and staff management routes, and the audit hooks. */
export function createStaffModule(deps: {
  accounts: StaffAccounts;
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  events: DomainEventBus;
  secret: Uint8Array;
  publicUrl: string;
  secureCookies: boolean;
}): ApiModule {
  const { staff, audit, throttle } = deps.accounts;
  const invites = new StaffInvites({
    db: deps.db,
    staff,
    mailer: deps.mailer,
    jobs: deps.jobs,
    publicUrl: deps.publicUrl,
  });
  return {
    name: 'staff',
    hooks: (app) => registerAdminAudit(app, audit, deps.events),
    routes: async (app) => {
      await app.register(staffRoutes, {
        staff,
        invites,
        audit,
        throttle,
        devices: new DeviceCookies(deps.secret, STAFF_DEVICE_COOKIE, deps.secureCookies),
        secureCookies: deps.secureCookies,
      });
    },
  };
}
