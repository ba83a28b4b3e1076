/**
 * The shopper's cart (behaviour.md §7 Cart): answers `{ success, data: { cart } }`. A logged-in caller's
 * cart is the user's (a guest id in the request is then ignored); a guest names theirs with a
 * guest id (behaviour.md §4), in the query for GET and in the body (or query) otherwise.
 */
import {
  CART_MESSAGES,
  addToCartBodySchema,
  cartOwnerSchema,
  cartSchema,
  envelope,
  mergeCartBodySchema,
  updateCartItemBodySchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import { toPublicCart as presentCart, type DeliveryTerms } from './presenter';
import type { CartOwner, CartRecord, CartService } from './service';

const tags = ['cart'];
const cartEnvelope = envelope(z.object({ cart: cartSchema }));
const errors = errorResponses(400, 401, 403, 404, 409);
const itemParams = z.object({ id: z.string().max(100) });

/** The caller's cart owner: the session's user, else the guest id given; 400 without either. */
function ownerOf(request: FastifyRequest, guestId: string | undefined): CartOwner {
  if (request.principal) return { kind: 'user', userId: request.principal.userId };
  if (guestId) return { kind: 'guest', guestId };
  throw new ValidationError(CART_MESSAGES.ownerRequired);
}

export const cartRoutes: FastifyPluginAsyncZod<{
  carts: CartService;
  delivery?: () => Promise<DeliveryTerms>;
}> = async (app, { carts, delivery }) => {
  const toPublicCart = async (record: CartRecord | null, guestId: string | null = null) =>
    presentCart(record, guestId, await delivery?.());
  const guestOnly = app.optionalUser;

  app.get(
    '/cart',
    {
      onRequest: guestOnly,
      schema: {
        tags,
        summary: "The caller's cart (guests: ?guestId=); an empty cart with id null before the first add",
        querystring: cartOwnerSchema,
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, request.query.guestId);
      return ok({ cart: await toPublicCart(await carts.get(owner), owner.kind === 'guest' ? owner.guestId : null) });
    },
  );

  app.post(
    '/cart/add',
    {
      onRequest: guestOnly,
      schema: {
        tags,
        summary: 'Add a quantity of a size (409 beyond the stock)',
        body: addToCartBodySchema,
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const { guestId, ...item } = request.body;
      const cart = await carts.addItem(ownerOf(request, guestId), item);
      return ok({ cart: await toPublicCart(cart) }, CART_MESSAGES.added);
    },
  );

  app.put(
    '/cart/items/:id',
    {
      onRequest: guestOnly,
      schema: {
        tags,
        summary: "Set a line's quantity (409 beyond the stock)",
        params: itemParams,
        body: updateCartItemBodySchema,
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, request.body.guestId);
      const cart = await carts.updateItemQuantity(owner, request.params.id, request.body.quantity);
      return ok({ cart: await toPublicCart(cart) }, CART_MESSAGES.updated);
    },
  );

  app.delete(
    '/cart/items/:id',
    {
      onRequest: guestOnly,
      schema: {
        tags,
        summary: 'Remove a line (guests send { guestId } in the body or the query)',
        params: itemParams,
        querystring: cartOwnerSchema,
        body: cartOwnerSchema.nullish(),
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, request.body?.guestId ?? request.query.guestId);
      const cart = await carts.removeItem(owner, request.params.id);
      return ok({ cart: await toPublicCart(cart) }, CART_MESSAGES.removed);
    },
  );

  app.post(
    '/cart/merge',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Move a guest's cart into the logged-in user's (idempotent)",
        body: mergeCartBodySchema,
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const cart = await carts.merge(principalOf(request).userId, request.body.guestId);
      return ok({ cart: await toPublicCart(cart) }, CART_MESSAGES.merged);
    },
  );

  app.delete(
    '/cart/clear',
    {
      onRequest: guestOnly,
      schema: {
        tags,
        summary: 'Empty the cart (guests send { guestId } in the body or the query)',
        querystring: cartOwnerSchema,
        body: cartOwnerSchema.nullish(),
        response: { 200: cartEnvelope, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, request.body?.guestId ?? request.query.guestId);
      const cart = await carts.clear(owner);
      return ok(
        { cart: await toPublicCart(cart, owner.kind === 'guest' ? owner.guestId : null) },
        CART_MESSAGES.cleared,
      );
    },
  );
};
