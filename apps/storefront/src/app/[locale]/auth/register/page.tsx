import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { RegisterForm } from '@/features/auth/islands';
import { getConfig } from '@/lib/config';
import { safeNext } from '@/lib/safe-next';

export const metadata: Metadata = { title: 'Create your account' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?next=`: the page the shopper registers from (checkout, say), to come back to once verified. */
export default async function Register({ searchParams }: Props) {
  const { next } = await searchParams;
  return (
    <AuthCard title="Create your account" intro="Save your details, keep a wishlist and track your orders.">
      <RegisterForm next={safeNext(next, getConfig().siteUrl)} />
    </AuthCard>
  );
}
