import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { LoginPage } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

export const metadata: Metadata = { title: 'Login' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Login({ searchParams }: Props) {
  const { next } = await searchParams;
  return (
    <AuthCard title="Login" intro="Welcome back! Log in for your orders, wishlist and saved details.">
      <LoginPage next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
