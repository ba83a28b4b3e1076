import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { ReturnsList } from '@/features/orders/returns-list';
import { getMyReturns } from '@/lib/api/server/shopper';

export const metadata: Metadata = { title: 'Returns' };

/** How many return requests the page lists (the newest). */
const RETURNS_SHOWN = 50;

/** The shopper's return requests, rendered on the server. */
export default async function ReturnsPage() {
  const [user, returns] = await Promise.all([
    accountShopper('/account/returns'),
    getMyReturns(1, RETURNS_SHOWN).catch((error: unknown) => readFailure(error, ORDER_MESSAGES.fetch)),
  ]);
  return (
    <AccountShell title="Returns">
      {!user || returns === null ? (
        <SignedOutPlaceholder />
      ) : typeof returns === 'string' ? (
        <LoadError message={returns} />
      ) : (
        <ReturnsList returns={returns} />
      )}
    </AccountShell>
  );
}
