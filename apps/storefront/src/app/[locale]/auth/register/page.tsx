import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/features/auth/auth-card';
import { RegisterForm } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('register') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?next=`: the page the shopper registers from (checkout, say), to come back to once verified. */
export default async function Register({ searchParams }: Props) {
  const t = await getTranslations('account.auth');
  const { next } = await searchParams;
  return (
    <AuthCard title={t('registerTitle')} intro={t('registerIntro')}>
      <RegisterForm next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
