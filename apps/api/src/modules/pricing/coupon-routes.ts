/**
 * Coupons and gift cards (behaviour.md §7 Coupons and taxes, §8): POST /coupons/validate quotes a coupon
 * (or, with isGiftCard, a gift card) on the shopper's items, priced from the catalogue;
 * GET /coupons/code/{code} and GET /coupons/category/{id} show running coupons. Code lookups
 * (validation and GET by code) are rate limited per client address and per account so that
 * codes cannot be guessed at speed (coupons/limits.ts). Amounts in rupees.
 */
import {
  CATALOG_MESSAGES,
  COUPON_MESSAGES,
  couponQuoteSchema,
  envelope,
  publicCouponSchema,
  validateCouponBodySchema,
  type CouponQuote,
  type ValidateCouponBody,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import type { PricingService } from './service';
import type { LimitGuard } from '../../plugins/rate-limit';
import { toPublicCoupon, type CouponService, type GiftCardService } from '../coupons';

const tags = ['coupons'];
const errors = errorResponses(400, 401, 403, 404, 429);

/** The code the request's `prevoiusCode` names when the new code replaces it; null when there is none or it is the same code. */
function replacedCode(body: Pick<ValidateCouponBody, 'prevoiusCode'>, code: string): string | null {
  const previous = body.prevoiusCode?.trim().toUpperCase();
  return previous && previous !== code.toUpperCase() ? previous : null;
}

export const couponsRoutes: FastifyPluginAsyncZod<{
  coupons: CouponService;
  giftCards: GiftCardService;
  /** Counts one code lookup (limits.ts createCodeLookupGuard), shared with POST /orders. */
  lookupLimit: LimitGuard;
  /** The store's one pricing (modules/pricing): a coupon quote is its answer. */
  pricing: Pick<PricingService, 'quote'>;
}> = async (app, { coupons, giftCards, lookupLimit, pricing }) => {
  app.post(
    '/coupons/validate',
    {
      onRequest: [app.optionalUser, lookupLimit],
      schema: {
        tags,
        summary:
          'Quote a coupon on the items (priced from the catalogue), or with isGiftCard a gift card on preDiscountAmount; one coupon at a time (replaces prevoiusCode)',
        body: validateCouponBodySchema,
        response: { 200: envelope(couponQuoteSchema), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.isGiftCard) {
        const card = await giftCards.quote(body.code, rupeesToPaise(body.preDiscountAmount ?? 0));
        const quote: CouponQuote = {
          code: card.code,
          discountAmount: paiseToRupees(card.coverPaise),
          isGiftCard: true,
          description: 'Gift card',
          replacedCode: replacedCode(body, card.code),
          appliedTo: { productIds: [], eligibleSubtotal: body.preDiscountAmount ?? 0 },
          balance: paiseToRupees(card.balancePaise),
          remainingBalance: paiseToRupees(card.remainingPaise),
        };
        return ok(quote, COUPON_MESSAGES.giftCardApplied);
      }
      // The store's one pricing applies the coupon's rules (strict: a refusal is the answer).
      const lines = await coupons.priceItems(body.items);
      const priced = await pricing.quote({
        lines,
        couponCode: body.code,
        placeOfSupply: null,
        userId: request.principal?.userId ?? null,
        strict: true,
      });
      const result = priced.coupon!;
      const quote: CouponQuote = {
        code: result.coupon.code,
        discountAmount: paiseToRupees(result.discountPaise),
        isGiftCard: false,
        description: result.coupon.description,
        replacedCode: replacedCode(body, result.coupon.code),
        appliedTo: {
          productIds: result.eligibleProductIds,
          eligibleSubtotal: paiseToRupees(result.eligibleSubtotalPaise),
        },
        balance: null,
        remainingBalance: null,
      };
      return ok(quote, COUPON_MESSAGES.applied);
    },
  );

  app.get(
    '/coupons/code/:code',
    {
      // A session, when there is one, counts the lookup against the account too.
      onRequest: [app.identifyUser, lookupLimit],
      schema: {
        tags,
        summary: 'The running coupon with this code (any letter case), with its rules',
        params: z.object({ code: z.string().trim().min(1).max(40, COUPON_MESSAGES.notFound) }),
        response: { 200: envelope(z.object({ coupon: publicCouponSchema })), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ok({ coupon: toPublicCoupon(await coupons.getRunning(request.params.code)) }),
  );

  app.get(
    '/coupons/category/:id',
    {
      schema: {
        tags,
        summary:
          'Running coupons that apply to the whole category: limited to it or an ancestor, or not limited at all (easiest first)',
        params: z.object({ id: z.uuid({ message: CATALOG_MESSAGES.invalidCategoryId }) }),
        response: {
          200: envelope(z.object({ coupons: z.array(publicCouponSchema), count: z.number() })),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const found = await coupons.forCategory(request.params.id);
      return ok({ coupons: found.map(toPublicCoupon), count: found.length });
    },
  );
};
