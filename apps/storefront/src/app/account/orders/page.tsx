import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { OrdersList } from '@/features/orders/islands';
import { OrdersListView } from '@/features/orders/orders-list-view';
import { getMyOrders } from '@/lib/api/server/shopper';
import { ORDERS_PAGE_SIZE } from '@/lib/orders-page-size';

export const metadata: Metadata = { title: 'Orders' };

/** The shopper's first page of orders, read on the server (the later pages through the store). */
export default async function OrdersPage() {
  const [user, orders] = await Promise.all([
    accountShopper('/account/orders'),
    getMyOrders(1, ORDERS_PAGE_SIZE).catch((error: unknown) => readFailure(error, ORDER_MESSAGES.fetch)),
  ]);
  return (
    <AccountShell title="Orders">
      {!user || orders === null ? (
        <SignedOutPlaceholder />
      ) : typeof orders === 'string' ? (
        <LoadError message={orders} />
      ) : (
        <OrdersList
          view={<OrdersListView orders={orders.orders} meta={orders.meta} page={orders.meta.currentPage} />}
          props={{ initial: { orders: orders.orders, meta: orders.meta } }}
        />
      )}
    </AccountShell>
  );
}
