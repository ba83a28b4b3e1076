import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { OrdersListView } from '@/features/orders/orders-list-view';
import { getMyOrders } from '@/lib/api/server/shopper';
import { ORDERS_PAGE_SIZE, ordersPageHref, ordersPageOf } from '@/lib/orders-page-size';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.metadata');
  return { title: t('orders') };
}

type Props = { searchParams: Promise<{ page?: string | string[] }> };

/** A page of the shopper's orders (`?page=`, from 1), read on the server. */
export default async function OrdersPage({ searchParams }: Props) {
  const t = await getTranslations('orders.metadata');
  const page = ordersPageOf((await searchParams).page);
  const [user, orders] = await Promise.all([
    accountShopper(ordersPageHref(page)),
    getMyOrders(page, ORDERS_PAGE_SIZE).catch((error: unknown) => readFailure(error, ORDER_MESSAGES.fetch)),
  ]);
  return (
    <AccountShell title={t('orders')}>
      {!user || orders === null ? (
        <SignedOutPlaceholder />
      ) : typeof orders === 'string' ? (
        <LoadError message={orders} />
      ) : (
        <OrdersListView orders={orders.orders} meta={orders.meta} />
      )}
    </AccountShell>
  );
}
