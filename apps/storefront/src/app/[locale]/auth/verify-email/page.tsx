import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { VerifyEmail } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

export const metadata: Metadata = { title: 'Verify your email' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?next=`: where a verified code leads (the page the shopper registered from); else the account. */
export default async function VerifyEmailPage({ searchParams }: Props) {
  const { next } = await searchParams;
  return (
    <AuthCard title="Verify your email">
      <VerifyEmail next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
