import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';
import { ReturnsList } from '@/features/orders/islands';

export const metadata: Metadata = { title: 'Returns' };

export default function ReturnsPage() {
  return (
    <AccountShell title="Returns">
      <AccountGate>
        <ReturnsList />
      </AccountGate>
    </AccountShell>
  );
}
