import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { NdrPanel } from '@/features/orders/ndr-panel';
import { OrderDetailView } from '@/features/orders/order-detail-view';
import { TrackingSection, type TrackingRead } from '@/features/orders/tracking-section';
import { TrackingPanelView } from '@/features/orders/tracking-view';
import { ApiError } from '@/lib/api/api-error';
import { getDeliveryUpdates, getMyOrder, getOrderExchanges, getOrderTracking } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.metadata');
  return { title: t('order') };
}

type Props = { params: Promise<{ id: string }> };

/**
 * The order, read on the server with the shopper's session: the API answers 404 to anyone else, a
 * 404 page here. A shipped order's tracking is read after it and streamed in.
 */
export default async function OrderPage({ params }: Props) {
  const t = await getTranslations('orders.metadata');
  const { id } = await params;
  const [user, order, exchanges] = await Promise.all([
    accountShopper(`/account/orders/${id}`),
    readOrder(id),
    readExchanges(id),
  ]);
  // A failed delivery attempt (NDR) is read only while the order waits for a new one.
  const ndr = order && typeof order !== 'string' && order.status === 'undelivered' ? await readNdr(order.id) : null;
  return (
    <AccountShell title={t('order')}>
      {!user || order === null ? (
        <SignedOutPlaceholder />
      ) : typeof order === 'string' ? (
        <LoadError message={order} />
      ) : (
        <OrderDetailView
          order={order}
          exchanges={exchanges}
          ndr={ndr && <NdrPanel orderId={order.id} ndr={ndr} />}
          tracking={
            order.shipment && (
              <Suspense fallback={<TrackingPanelView busy />}>
                <TrackingSection read={readTracking(order.id)} />
              </Suspense>
            )
          }
        />
      )}
    </AccountShell>
  );
}

/** The shopper's order; null for a guest, the message of a failed read, or the 404 page. */
async function readOrder(id: string) {
  try {
    return await getMyOrder(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    return readFailure(error, ORDER_MESSAGES.details);
  }
}

/** The order's exchanges (behaviour.md "Exchanges"); none when they cannot be read (the order itself says why). */
async function readExchanges(id: string) {
  try {
    return (await getOrderExchanges(id)) ?? [];
  } catch {
    return [];
  }
}

/** The failed delivery attempt the shopper may answer; null when there is none or it cannot be read. */
async function readNdr(id: string) {
  try {
    return (await getDeliveryUpdates(id))?.ndr ?? null;
  } catch {
    return null;
  }
}

/** Where the order's shipment is, or what to say instead ('Failed to track order' when the API gives no reason). */
async function readTracking(id: string): Promise<TrackingRead> {
  try {
    const tracking = await getOrderTracking(id);
    return tracking ? { tracking } : { error: ORDER_MESSAGES.track };
  } catch (error) {
    return { error: readFailure(error, ORDER_MESSAGES.track) };
  }
}
