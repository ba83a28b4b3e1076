import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { VerifyEmail } from '@/features/auth/islands';

export const metadata: Metadata = { title: 'Verify your email' };

export default function VerifyEmailPage() {
  return (
    <AuthCard title="Verify your email">
      <VerifyEmail />
    </AuthCard>
  );
}
