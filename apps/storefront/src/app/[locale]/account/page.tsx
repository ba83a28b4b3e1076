import type { Metadata } from 'next';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper } from '@/features/account/account-shopper';
import { ProfileForm } from '@/features/account/islands';
import { ProfileEditorView, fieldsOf } from '@/features/account/profile-view';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { NotificationsSection } from '@/features/notifications/notifications-section';

export const metadata: Metadata = { title: 'Profile' };

/** The shopper's profile, read on the server (their details are in the first HTML). */
export default async function AccountPage() {
  const user = await accountShopper('/account');
  return (
    <AccountShell title="Profile">
      {user ? (
        <>
          <ProfileForm view={<ProfileEditorView user={user} fields={fieldsOf(user)} />} props={{ initialUser: user }} />
          <NotificationsSection />
        </>
      ) : (
        <SignedOutPlaceholder />
      )}
    </AccountShell>
  );
}
