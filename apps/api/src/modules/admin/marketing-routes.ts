/**
 * The admin's coupons and gift cards (docs/admin.md "Coupons and gift cards"): coupons with their
 * use so far, made and edited with every rule the checkout applies, switched off and on; gift
 * cards issued (the code made here, mailed to a recipient when asked), read with their balance
 * and movements, switched off and on. Owner and staff (`marketing.read`, `marketing.write`);
 * every write is audited. Money in paise.
 */
import {
  ADMIN_API_PREFIX,
  adminCouponSchema,
  adminGiftCardDetailSchema,
  adminGiftCardSchema,
  adminPageQuerySchema,
  couponBodySchema,
  couponCategorySchema,
  envelope,
  giftCardIssueBodySchema,
  issuedGiftCardSchema,
  pageOf,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;
const listQuery = adminPageQuerySchema.extend({
  q: z.string().trim().min(1).max(40).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const adminMarketingRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AdminDeps, 'couponAdmin' | 'giftCardAdmin'>;
}> = async (app, { deps }) => {
  const { couponAdmin, giftCardAdmin } = deps;
  const couponAudit = (action: string) => ({
    action,
    entity: 'coupon',
    id: idOf,
    read: (id: string) => couponAdmin.get(id),
  });
  const cardAudit = (action: string) => ({
    action,
    entity: 'gift_card',
    id: idOf,
    read: (id: string) => giftCardAdmin.get(id),
  });

  app.get(
    `${P}/coupons`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'Coupons, newest first, with their state and use so far: search the code or description, or by switch',
        querystring: listQuery,
        response: { 200: envelope(pageOf(adminCouponSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await couponAdmin.list(request.query)),
  );

  app.get(
    `${P}/coupons/categories`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'The categories a coupon may be limited to, in tree order with their paths',
        response: { 200: envelope(z.array(couponCategorySchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await couponAdmin.categories()),
  );

  app.get(
    `${P}/coupons/:id`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'A coupon with its rules, state and use so far',
        params: idParams,
        response: { 200: envelope(adminCouponSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await couponAdmin.get(request.params.id)),
  );

  app.post(
    `${P}/coupons`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: { action: 'coupon.create', entity: 'coupon' } },
      schema: {
        tags,
        summary: 'Make a coupon (running at once, within its dates); the code must be new',
        body: couponBodySchema,
        response: { 201: envelope(adminCouponSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await couponAdmin.create(request.body))),
  );

  app.put(
    `${P}/coupons/:id`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: couponAudit('coupon.update') },
      schema: {
        tags,
        summary: 'Replace a coupon’s rules; its uses so far stay and count against new limits',
        params: idParams,
        body: couponBodySchema,
        response: { 200: envelope(adminCouponSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await couponAdmin.update(request.params.id, request.body)),
  );

  for (const [step, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `${P}/coupons/:id/${step}`,
      {
        onRequest: app.requireStaff('marketing.write'),
        config: { audit: couponAudit(`coupon.${step}`) },
        schema: {
          tags,
          summary: active ? 'Switch a coupon back on' : 'Switch a coupon off: shoppers’ codes are refused',
          params: idParams,
          response: { 200: envelope(adminCouponSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ok(await couponAdmin.setActive(request.params.id, active)),
    );
  }

  app.get(
    `${P}/gift-cards`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'Gift cards, newest first, with their balance: search the code, or by switch',
        querystring: listQuery,
        response: { 200: envelope(pageOf(adminGiftCardSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await giftCardAdmin.list(request.query)),
  );

  app.get(
    `${P}/gift-cards/:id`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'A gift card with its balance and movements (holds, releases, refunds), newest first',
        params: idParams,
        response: { 200: envelope(adminGiftCardDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await giftCardAdmin.get(request.params.id)),
  );

  app.post(
    `${P}/gift-cards`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: { action: 'gift_card.issue', entity: 'gift_card' } },
      schema: {
        tags,
        summary: 'Issue a gift card with a new random code; with a recipient, the code is mailed to them',
        body: giftCardIssueBodySchema,
        response: { 201: envelope(issuedGiftCardSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await giftCardAdmin.issue(request.body))),
  );

  for (const [step, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `${P}/gift-cards/:id/${step}`,
      {
        onRequest: app.requireStaff('marketing.write'),
        config: { audit: cardAudit(`gift_card.${step}`) },
        schema: {
          tags,
          summary: active ? 'Switch a gift card back on' : 'Switch a gift card off: the checkout refuses its code',
          params: idParams,
          response: { 200: envelope(adminGiftCardDetailSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ok(await giftCardAdmin.setActive(request.params.id, active)),
    );
  }
};
