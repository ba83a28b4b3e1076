/**
 * Shapes of the admin's coupons and gift cards (`/admin/api/coupons`, `/admin/api/gift-cards`;
 * docs/admin.md "Coupons and gift cards"): the bodies the admin sends, the records it reads and
 * the messages it shows. Money is integer paise; times are ISO 8601 strings.
 */
import { z } from 'zod';
import { emailSchema, nameSchema } from './auth';

export const MARKETING_MESSAGES = {
  couponNotFound: 'No such coupon.',
  couponCodeTaken: 'A coupon or gift card with this code already exists.',
  couponCodeFormat: 'A code is 3 to 20 letters A–Z and digits 0–9.',
  percentRange: 'A percentage is a whole number from 1 to 100.',
  amountPositive: 'Give an amount in whole paise above 0.',
  capOnlyWithPercentage: 'A maximum discount goes only with a percentage.',
  endBeforeStart: 'The end must be after the start.',
  unknownCategory: 'One of the categories does not exist.',
  unknownProduct: 'One of the products does not exist.',
  giftCardNotFound: 'No such gift card.',
  expiryInPast: 'The expiry must be in the future.',
  giftCardTooLarge: 'A gift card holds at most ₹1,00,000.',
} as const;

/** The largest gift card the admin issues, in paise (₹1,00,000). */
export const GIFT_CARD_MAX_PAISE = 1_00_000_00;

/** How a coupon stands now, by the database's clock: the first that applies of inactive, scheduled, expired, used up, running. */
export const COUPON_STATES = ['inactive', 'scheduled', 'expired', 'used_up', 'running'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const paise = z.number().int(MARKETING_MESSAGES.amountPositive).positive(MARKETING_MESSAGES.amountPositive);
const limit = z.number().int().min(1).max(1_000_000).nullable().default(null);
const instant = z.iso.datetime({ offset: true }).nullable().default(null);

/**
 * POST /admin/api/coupons and PUT /admin/api/coupons/{id}: every rule the checkout applies.
 * `discountValue` is the percent (1–100) for `percentage` and paise for `fixed`;
 * `maxDiscountPaise` caps a percentage only; `minOrderPaise` counts the eligible lines; the
 * coupon runs from `startsAt` (inclusive) to `endsAt` (exclusive), either open; limits are
 * uses by orders not released; categories cover their subtrees; no categories and no products
 * = everything. The code is kept upper-case. `advertised`: shown to shoppers (the homepage's
 * offers, GET /store/promotion, GET /coupons/category/{id}); private (the default) coupons
 * work only when their code is typed.
 */
export const couponBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,20}$/, MARKETING_MESSAGES.couponCodeFormat),
    description: z.string().trim().min(1, 'Describe the coupon for shoppers.').max(200),
    discountType: z.enum(['percentage', 'fixed']),
    discountValue: z.number().int(MARKETING_MESSAGES.amountPositive).positive(MARKETING_MESSAGES.amountPositive),
    maxDiscountPaise: paise.nullable().default(null),
    minOrderPaise: z.number().int().min(0).default(0),
    startsAt: instant,
    endsAt: instant,
    usageLimit: limit,
    usageLimitPerUser: limit,
    firstOrderOnly: z.boolean().default(false),
    categoryIds: z.array(z.uuid()).max(100).default([]),
    productIds: z.array(z.uuid()).max(500).default([]),
    advertised: z.boolean().default(false),
  })
  .refine((b) => b.discountType !== 'percentage' || b.discountValue <= 100, {
    message: MARKETING_MESSAGES.percentRange,
    path: ['discountValue'],
  })
  .refine((b) => b.discountType === 'percentage' || b.maxDiscountPaise === null, {
    message: MARKETING_MESSAGES.capOnlyWithPercentage,
    path: ['maxDiscountPaise'],
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    message: MARKETING_MESSAGES.endBeforeStart,
    path: ['endsAt'],
  });
export type CouponBody = z.input<typeof couponBodySchema>;
export type CouponInput = z.output<typeof couponBodySchema>;

/** A coupon as the admin shows it: its rules, its state now and its use so far (uses by orders not released). */
export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number().int(),
  maxDiscountPaise: z.number().int().nullable(),
  minOrderPaise: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usageLimitPerUser: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  categoryIds: z.array(z.string()),
  productIds: z.array(z.string()),
  /** Shown to shoppers in the lists of offers; false = private (works only when typed). */
  advertised: z.boolean(),
  isActive: z.boolean(),
  state: z.enum(COUPON_STATES),
  /** Orders that used it and were not released (failed, expired or cancelled). */
  uses: z.number().int(),
  /** The discount those orders got, in paise. */
  discountedPaise: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** A category a coupon may be limited to, with its place in the tree ("Footwear › Shoes › Casual Shoes"). */
export const couponCategorySchema = z.object({ id: z.string(), name: z.string(), path: z.string() });
export type CouponCategory = z.infer<typeof couponCategorySchema>;

/**
 * POST /admin/api/gift-cards: a card of `amountPaise` with a code made by the API; with a
 * `recipient`, the code is mailed to them with the optional message.
 */
export const giftCardIssueBodySchema = z.object({
  amountPaise: paise.max(GIFT_CARD_MAX_PAISE, MARKETING_MESSAGES.giftCardTooLarge),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((t) => Date.parse(t) > Date.now(), MARKETING_MESSAGES.expiryInPast)
    .nullable()
    .default(null),
  recipient: z
    .object({
      email: emailSchema,
      name: nameSchema,
      message: z.string().trim().max(500).default(''),
    })
    .nullable()
    .default(null),
});
export type GiftCardIssueBody = z.input<typeof giftCardIssueBodySchema>;
export type GiftCardIssueInput = z.output<typeof giftCardIssueBodySchema>;

/** A gift card as the admin lists it; paise. `expired`: past its expiry by the database's clock. */
export const adminGiftCardSchema = z.object({
  id: z.string(),
  code: z.string(),
  initialBalancePaise: z.number().int(),
  balancePaise: z.number().int(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

/**
 * One movement of a card's balance: `hold` when an order is placed (negative), `release` when
 * that order fails or is cancelled, `refund` when a returned share comes back (positive).
 */
export const giftCardMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(['hold', 'release', 'refund']),
  amountPaise: z.number().int(),
  orderId: z.string(),
  createdAt: z.string(),
});
export type GiftCardMovement = z.infer<typeof giftCardMovementSchema>;

/** One gift card with its movements, newest first. */
export const adminGiftCardDetailSchema = adminGiftCardSchema.extend({ history: z.array(giftCardMovementSchema) });
export type AdminGiftCardDetail = z.infer<typeof adminGiftCardDetailSchema>;

/** The answer of POST /admin/api/gift-cards: the new card, and whom its code is being mailed to (null: nobody). */
export const issuedGiftCardSchema = adminGiftCardDetailSchema.extend({ mailedTo: z.string().nullable() });
export type IssuedGiftCard = z.infer<typeof issuedGiftCardSchema>;
