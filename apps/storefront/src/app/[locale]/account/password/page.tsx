import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper } from '@/features/account/account-shopper';
import { ChangePasswordView } from '@/features/account/change-password-view';
import { ChangePasswordForm } from '@/features/account/islands';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('password') };
}

export default async function ChangePasswordPage() {
  const t = await getTranslations('account.metadata');
  const user = await accountShopper('/account/password');
  return (
    <AccountShell title={t('password')}>
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
