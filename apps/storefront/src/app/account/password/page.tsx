import type { Metadata } from 'next';
import { AccountGate, ChangePasswordForm } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';

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
