/**
 * POST /checkout/quote (behaviour.md §4 Pricing, §7): what POST /orders would charge now, for
 * the logged-in shopper. Login first (401 before the body is read), then the coupon and gift
 * card codes count against the shared code-lookup budget (behaviour.md §15).
 */
import { checkoutQuoteBodySchema, checkoutQuoteSchema, envelope } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { LimitGuard } from '../../plugins/rate-limit';
import { checkoutQuote, type CheckoutQuoteDeps } from './checkout';

export const pricingRoutes: FastifyPluginAsyncZod<{ quote: CheckoutQuoteDeps; codeLookups: LimitGuard }> = async (
  app,
  { quote, codeLookups },
) => {
  app.addHook('onRequest', app.requireUser);
  app.post(
    '/checkout/quote',
    {
      preHandler: async (request) => {
        const body = request.body as { coupon?: string | null; additionalCoupon?: string | null };
        if (body.coupon?.trim() || body.additionalCoupon?.trim()) await codeLookups(request);
      },
      schema: {
        tags: ['checkout'],
        summary:
          'Price the checkout: lines, coupon, GST, gift card and what is left to pay, with a message per refused code',
        body: checkoutQuoteBodySchema,
        response: { 200: envelope(checkoutQuoteSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ok(await checkoutQuote(quote, principalOf(request).userId, request.body)),
  );
};
