/**
 * react-admin's auth provider over the staff session (docs/admin.md): sign-in with the
 * password and, when two-factor sign-in is on, the authenticator or a recovery code; the
 * identity and the permissions (ADMIN_PERMISSIONS of the role) come from /auth/me.
 */
import { ADMIN_MESSAGES, type AdminPermission, type AdminSession } from '@vastra/contracts';
import type { AuthProvider } from 'react-admin';
import { adminApi } from './client';

export type LoginInput = { email: string; password: string; code?: string; recoveryCode?: string };

/** True for login's error when the password was right and a code is wanted. */
export function isTotpRequired(err: unknown): boolean {
  return err instanceof Error && err.message === ADMIN_MESSAGES.totpRequired;
}

let session: AdminSession | null = null;

/** The signed-in staff member, read once per page load (and after sign-in). */
async function me(): Promise<AdminSession> {
  session ??= await adminApi.auth.me();
  return session;
}

export const authProvider: AuthProvider = {
  async login(input: LoginInput) {
    session = await adminApi.auth.login(input);
    return session.mustEnrolTotp ? { redirectTo: '/account' } : undefined;
  },
  async logout() {
    session = null;
    await adminApi.auth.logout().catch(() => undefined);
  },
  async checkAuth() {
    await me();
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session = null;
      throw error;
    }
  },
  async getIdentity() {
    const { staff } = await me();
    return { id: staff.id, fullName: `${staff.name} (${staff.role})` };
  },
  async getPermissions() {
    // Signed out (the login page): no permissions, rather than an error react-admin retries.
    return me().then(
      (s) => s.permissions,
      () => [],
    );
  },
};

/** Forgets the cached session so the next check reads /auth/me again (after 2FA set-up). */
export function refreshSession(): void {
  session = null;
}

/** True when the permissions react-admin holds include `permission`. */
export function can(permissions: unknown, permission: AdminPermission): boolean {
  return Array.isArray(permissions) && permissions.includes(permission);
}
