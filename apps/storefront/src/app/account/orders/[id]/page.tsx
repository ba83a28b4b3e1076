import type { Metadata } from 'next';
import { AccountGate } from '@/features/account/islands';
import { AccountShell } from '@/features/account/account-shell';
import { OrderDetail } from '@/features/orders/islands';

export const metadata: Metadata = { title: 'Order details' };

type Props = { params: Promise<{ id: string }> };

/** The order is read in the browser with the shopper's session (the API answers 404 to anyone else). */
export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  return (
    <AccountShell title="Order details">
      <AccountGate>
        <OrderDetail orderId={id} />
      </AccountGate>
    </AccountShell>
  );
}
