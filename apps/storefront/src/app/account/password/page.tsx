import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/account-gate';
import { AccountShell } from '@/features/account/account-shell';
import { ChangePasswordForm } from '@/features/account/change-password-form';

export const metadata: Metadata = { title: 'Change password' };

export default function ChangePasswordPage() {
  return (
    <AccountShell title="Change password">
      <AccountGate>
        <ChangePasswordForm />
      </AccountGate>
    </AccountShell>
  );
}
