import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/features/auth/auth-card';
import { ForgotPasswordForm } from '@/features/auth/islands';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('forgotPassword') };
}

export default async function ForgetPassword() {
  const t = await getTranslations('account.auth');
  return (
    <AuthCard title={t('forgotTitle')} intro={t('forgotIntro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
