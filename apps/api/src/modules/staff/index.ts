/** The staff module's public surface: staff accounts and sign-in, invitations, notes, the audit log, routes. */
export { AuditLog, registerAdminAudit, type AuditSpec } from './audit';
export { DEV_OWNER_EMAIL, devOwnerFile, ensureDevelopmentOwner } from './bootstrap';
export { issueInvite, StaffInvites } from './invites';
export { AdminNotes, type AdminNote, type NoteEntity } from './notes';
export { staffRoutes } from './routes';
export { OPERATOR_PRINCIPAL, StaffService, type StaffPrincipal } from './service';
export { TotpKeys } from './totp';
export { createStaffAccounts, createStaffModule, type StaffAccounts } from './module';
