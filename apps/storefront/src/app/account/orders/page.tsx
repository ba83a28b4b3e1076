import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';
import { OrdersList } from '@/features/orders/islands';

export const metadata: Metadata = { title: 'Orders' };

export default function OrdersPage() {
  return (
    <AccountShell title="Orders">
      <AccountGate>
        <OrdersList />
      </AccountGate>
    </AccountShell>
  );
}
