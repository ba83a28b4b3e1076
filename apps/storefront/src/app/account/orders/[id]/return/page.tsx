import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';
import { ReturnFlow } from '@/features/orders/islands';

export const metadata: Metadata = { title: 'Return items' };

type Props = { params: Promise<{ id: string }> };

export default async function ReturnPage({ params }: Props) {
  const { id } = await params;
  return (
    <AccountShell title="Return items">
      <AccountGate>
        <ReturnFlow orderId={id} />
      </AccountGate>
    </AccountShell>
  );
}
