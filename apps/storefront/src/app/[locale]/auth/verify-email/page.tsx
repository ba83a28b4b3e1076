import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/features/auth/auth-card';
import { VerifyEmail } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('verifyEmail') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?next=`: where a verified code leads (the page the shopper registered from); else the account. */
export default async function VerifyEmailPage({ searchParams }: Props) {
  const t = await getTranslations('account.auth');
  const { next } = await searchParams;
  return (
    <AuthCard title={t('verifyTitle')}>
      <VerifyEmail next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
