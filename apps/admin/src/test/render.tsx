/**
 * Renders an admin screen the way the app does: react-admin's AdminContext with the app's own
 * data provider and auth provider, over the admin API stubbed at the HTTP boundary (http.ts),
 * and the notices the layout shows (a save's success, an API's refusal).
 */
import { ADMIN_PERMISSIONS, roleCan, type AdminPermission, type AdminRole } from '@vastra/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, ResourceContextProvider, defaultI18nProvider } from 'react-admin';
import { authProvider, refreshSession } from '../authProvider';
import { dataProvider } from '../dataProvider';

/** GET /auth/me's answer for a staff member of `role`, with that role's permissions. */
export function session(role: AdminRole) {
  return {
    staff: {
      id: '00000000-0000-4000-8000-000000000001',
      email: `${role}@vastra.local`,
      name: 'Asha Rao',
      role,
      totpEnabled: false,
      disabled: false,
      lastLoginAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    mustEnrolTotp: false,
    permissions: (Object.keys(ADMIN_PERMISSIONS) as AdminPermission[]).filter((p) => roleCan(role, p)),
  };
}

/** Renders `ui` inside the admin's contexts, in `resource` when given (Create and Edit pages need one). */
export function renderAdmin(ui: ReactNode, { resource }: { resource?: string } = {}) {
  refreshSession();
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      {resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui}
      <Notification />
    </AdminContext>,
  );
}
