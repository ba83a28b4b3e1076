import type { Metadata } from 'next';
import { AccountGate, ProfileForm } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';

export const metadata: Metadata = { title: 'Profile' };

export default function AccountPage() {
  return (
    <AccountShell title="Profile">
      <AccountGate>
        <ProfileForm />
      </AccountGate>
    </AccountShell>
  );
}
