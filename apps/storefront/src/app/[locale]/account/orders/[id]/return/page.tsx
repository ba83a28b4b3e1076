import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { ReturnFlowIsland } from '@/features/orders/return-flow-island';
import { ReturnFormView, ReturnUnavailable } from '@/features/orders/return-form-view';
import { ApiError } from '@/lib/api/api-error';
import { getMyOrder } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.metadata');
  return { title: t('return') };
}

type Props = { params: Promise<{ id: string }> };

/** The return of an order, read on the server; someone else's order is a 404 page. */
export default async function ReturnPage({ params }: Props) {
  const t = await getTranslations('orders.metadata');
  const { id } = await params;
  const [user, order] = await Promise.all([accountShopper(`/account/orders/${id}/return`), readOrder(id)]);
  return (
    <AccountShell title={t('return')}>
      {!user || order === null ? (
        <SignedOutPlaceholder />
      ) : typeof order === 'string' ? (
        <LoadError message={order} />
      ) : order.canReturn ? (
        <ReturnFlowIsland
          props={{ order }}
          view={
            <ReturnFormView
              order={order}
              step={0}
              choice={{}}
              reason=""
              comment=""
              refundTo={order.paymentGateway === 'cod' ? 'wallet' : 'original'}
              attachments={[]}
              error={null}
              progress={null}
            />
          }
        />
      ) : (
        <ReturnUnavailable order={order} />
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
