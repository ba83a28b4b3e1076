import type { Metadata } from 'next';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper } from '@/features/account/account-shopper';
import { ProfileForm } from '@/features/account/islands';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';

export const metadata: Metadata = { title: 'Profile' };

/** The shopper's profile, read on the server (their details are in the first HTML). */
export default async function AccountPage() {
  const user = await accountShopper('/account');
  return (
    <AccountShell title="Profile">{user ? <ProfileForm initialUser={user} /> : <SignedOutPlaceholder />}</AccountShell>
  );
}
