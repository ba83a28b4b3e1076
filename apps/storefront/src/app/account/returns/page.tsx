import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/account-gate';
import { AccountShell } from '@/features/account/account-shell';
import { ReturnsList } from '@/features/orders/returns-list';

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
