import type { Metadata } from 'next';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper } from '@/features/account/account-shopper';
import { ChangePasswordView } from '@/features/account/change-password-view';
import { ChangePasswordForm } from '@/features/account/islands';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';

export const metadata: Metadata = { title: 'Change password' };

export default async function ChangePasswordPage() {
  const user = await accountShopper('/account/password');
  return (
    <AccountShell title="Change password">
      {user ? (
        <ChangePasswordForm
          view={<ChangePasswordView hasPassword={user.hasPassword} />}
          props={{ initialUser: user }}
        />
      ) : (
        <SignedOutPlaceholder />
      )}
    </AccountShell>
  );
}
