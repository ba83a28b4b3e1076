import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/auth-card';
import { RegisterForm } from '@/features/auth/islands';

export const metadata: Metadata = { title: 'Create your account' };

export default function Register() {
  return (
    <AuthCard title="Create your account" intro="Save your details, keep a wishlist and track your orders.">
      <RegisterForm />
    </AuthCard>
  );
}
