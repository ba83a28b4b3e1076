import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { ExchangeForm } from '@/features/orders/exchange-form';
import { ApiError } from '@/lib/api/api-error';
import { getExchangeOptions, getMyOrder } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.metadata');
  return { title: t('exchange') };
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ line?: string }> };

/**
 * The exchange of one line (`?line=<order item id>`) of an order, read on the server with the
 * sizes it may become; someone else's order, or a line not in it, is a 404 page.
 */
export default async function ExchangePage({ params, searchParams }: Props) {
  const t = await getTranslations('orders.metadata');
  const { id } = await params;
  const { line: lineId = '' } = await searchParams;
  const [user, read] = await Promise.all([
    accountShopper(`/account/orders/${id}/exchange?line=${encodeURIComponent(lineId)}`),
    readExchange(id, lineId),
  ]);
  return (
    <AccountShell title={t('exchange')}>
      {!user || read === null ? (
        <SignedOutPlaceholder />
      ) : typeof read === 'string' ? (
        <LoadError message={read} />
      ) : (
        <ExchangeForm
          orderId={read.order.id}
          line={{
            orderItemId: read.line.id,
            name: read.line.name,
            size: read.line.size,
            color: read.line.color,
            quantity: read.line.quantity,
          }}
          options={read.options}
        />
      )}
    </AccountShell>
  );
}

/** The order, its line and the sizes on offer; null for a guest, the message of a failed read, or the 404 page. */
async function readExchange(id: string, lineId: string) {
  try {
    const order = await getMyOrder(id);
    const line = order?.items.find((l) => l.id === lineId);
    if (!order) return null;
    if (!line) notFound();
    const options = await getExchangeOptions(order.id, line.id);
    return options ? { order, line, options } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    return readFailure(error, ORDER_MESSAGES.details);
  }
}
