import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/account-gate';
import { AccountShell } from '@/features/account/account-shell';
import { ProfileForm } from '@/features/account/profile-form';

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
