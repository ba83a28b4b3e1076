import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper } from '@/features/account/account-shopper';
import { PhoneNumber, ProfileForm, WhatsappUpdates } from '@/features/account/islands';
import { ProfileEditorView, fieldsOf } from '@/features/account/profile-view';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { NotificationsSection } from '@/features/notifications/notifications-section';
import { PrivacySection } from '@/features/privacy/privacy-section';
import { getWhatsappOptIn } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('profile') };
}

/** The shopper's profile, read on the server (their details are in the first HTML). */
export default async function AccountPage() {
  const t = await getTranslations('account.metadata');
  const user = await accountShopper('/account');
  const whatsapp = user ? await getWhatsappOptIn() : null;
  return (
    <AccountShell title={t('profile')}>
      {user ? (
        <>
          <ProfileForm view={<ProfileEditorView user={user} fields={fieldsOf(user)} />} props={{ initialUser: user }} />
          <PhoneNumber initialUser={user} />
          {whatsapp && <WhatsappUpdates initial={whatsapp} />}
          <NotificationsSection />
          <PrivacySection />
        </>
      ) : (
        <SignedOutPlaceholder />
      )}
    </AccountShell>
  );
}
