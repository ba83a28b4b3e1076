/**
 * Store credit over HTTP (behaviour.md "Store credit", docs/admin.md "Customers"): the shopper's
 * own balance and ledger (GET /wallet, a session needed), the staff's read of a customer's, and
 * the owner's credit or debit with a reason (audited as `customer.wallet`). A customer who does
 * not exist is a 404.
 */
import { ADMIN_API_PREFIX, envelope, rupeesToPaise, walletAdjustmentBodySchema, walletSchema } from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { principalOf } from '../../plugins/authenticate';
import type { WalletService } from './service';

const P = ADMIN_API_PREFIX;
const idParams = z.object({ id: z.uuid() });
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  customerExists: (id: string) => Promise<boolean>;
}> = async (app, { wallet, customerExists }) => {
  app.get(
    '/wallet',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'The caller’s store credit: the balance (the ledger’s sum) and every entry, newest first',
        response: { 200: envelope(walletSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(await wallet.view(principalOf(request).userId)),
  );

  const customerWallet = async (id: string) => {
    if (!(await customerExists(id))) throw new NotFoundError('Customer not found');
    return wallet.view(id);
  };

  app.get(
    `${P}/customers/:id/wallet`,
    {
      onRequest: app.requireStaff('customers.read'),
      schema: {
        tags: ['admin'],
        summary: 'A customer’s store credit: balance and ledger',
        params: idParams,
        response: { 200: envelope(walletSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await customerWallet(request.params.id)),
  );

  app.post(
    `${P}/customers/:id/wallet`,
    {
      onRequest: app.requireStaff('customers.wallet'),
      config: { audit: { action: 'customer.wallet', entity: 'customer_wallet', id: idOf, read: customerWallet } },
      schema: {
        tags: ['admin'],
        summary: 'Credit (promotional) or debit the customer’s store credit, with a reason',
        params: idParams,
        body: walletAdjustmentBodySchema,
        response: { 200: envelope(walletSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await customerWallet(request.params.id);
      const { direction, amount, reason } = request.body;
      return ok(
        await wallet.adjust(request.params.id, staffOf(request).staffId, {
          direction,
          amountPaise: rupeesToPaise(amount),
          reason,
        }),
      );
    },
  );
};
