import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { ForgotPasswordForm } from '@/features/auth/islands';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgetPassword() {
  return (
    <AuthCard title="Forgot your password?" intro="We will mail you a 6-digit code to set a new one.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
