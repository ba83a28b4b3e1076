import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/features/auth/auth-card';
import { LoginPage } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('login') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Login({ searchParams }: Props) {
  const t = await getTranslations('account.auth');
  const { next } = await searchParams;
  return (
    <AuthCard title={t('loginTitle')} intro={t('loginIntro')}>
      <LoginPage next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
