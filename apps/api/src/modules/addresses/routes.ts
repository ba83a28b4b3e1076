/**
 * Addresses (behaviour.md §3 Order.shippingAddress): the public India Post pincode lookup and GST state
 * list that fill the checkout's address form, and the logged-in shopper's address book
 * (401 `Authentication required` without a session; someone else's id answers 404). The
 * book's session check runs on request, before the body is read, so a guest gets 401
 * whatever they send; cookie writes pass the Origin check of plugins/authenticate.ts.
 */
import {
  ADDRESS_MESSAGES,
  AUTH_MESSAGES,
  VALIDATION_MESSAGES,
  addressBookBodySchema,
  addressBookEntrySchema,
  envelope,
  gstStateSchema,
  pincodeInfoSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { NotFoundError } from '../../lib/errors';
import { createLimitGuard } from '../../plugins/rate-limit';
import { principalOf } from '../../plugins/authenticate';
import type { PincodeDirectory } from './pincodes';
import type { AddressBookService } from './service';

const tags = ['addresses'];
const errors = errorResponses(400, 401, 403, 404);

/** Pincode lookups per client IP: plenty for a person typing, too few to download the directory. */
export const PINCODE_LOOKUP_LIMIT = { max: 60, timeWindow: 60_000 };

const idParams = z.object({ id: z.string().max(100) });
const bookEnvelope = envelope(z.object({ addresses: z.array(addressBookEntrySchema) }));
const entryEnvelope = envelope(
  z.object({ address: addressBookEntrySchema, addresses: z.array(addressBookEntrySchema) }),
);

export const addressesRoutes: FastifyPluginAsyncZod<{
  addresses: AddressBookService;
  pincodes: PincodeDirectory;
}> = async (app, { addresses, pincodes }) => {
  const lookupLimit = createLimitGuard(
    app,
    'addresses:pincode',
    { ip: PINCODE_LOOKUP_LIMIT },
    AUTH_MESSAGES.tooManyRequests,
  );

  app.get(
    '/addresses/pincode/:pincode',
    {
      onRequest: lookupLimit,
      schema: {
        tags,
        summary: 'What India Post knows of a pincode: the district (offered as the city) and its state(s)',
        params: z.object({
          pincode: z
            .string()
            .trim()
            .regex(/^[1-9]\d{5}$/, VALIDATION_MESSAGES.postalCode),
        }),
        response: { 200: envelope(pincodeInfoSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const info = pincodes.lookup(request.params.pincode);
      if (!info) throw new NotFoundError(ADDRESS_MESSAGES.pincodeUnknown);
      return ok(info);
    },
  );

  app.get(
    '/addresses/states',
    {
      schema: {
        tags,
        summary: 'The Indian states and union territories with their GST state codes, by name',
        response: { 200: envelope(z.object({ states: z.array(gstStateSchema) })) },
      },
    },
    async () => ok({ states: pincodes.states() }),
  );

  app.get(
    '/addresses',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The address book, the default first', response: { 200: bookEnvelope, ...errors } },
    },
    async (request) => ok({ addresses: await addresses.list(principalOf(request).userId) }),
  );

  app.post(
    '/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Save an address (at most 10); the first, or one sent with isDefault, becomes the default',
        body: addressBookBodySchema,
        response: { 201: entryEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const userId = principalOf(request).userId;
      const address = await addresses.add(userId, request.body);
      reply.code(201);
      return ok({ address, addresses: await addresses.list(userId) }, ADDRESS_MESSAGES.saved);
    },
  );

  app.put(
    '/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change a saved address; isDefault: true makes it the default',
        params: idParams,
        body: addressBookBodySchema,
        response: { 200: entryEnvelope, ...errors },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const address = await addresses.update(userId, request.params.id, request.body);
      return ok({ address, addresses: await addresses.list(userId) }, ADDRESS_MESSAGES.updated);
    },
  );

  app.delete(
    '/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a saved address (deleting the default makes the newest remaining one the default)',
        params: idParams,
        response: { 200: bookEnvelope, ...errors },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      await addresses.remove(userId, request.params.id);
      return ok({ addresses: await addresses.list(userId) }, ADDRESS_MESSAGES.deleted);
    },
  );

  app.post(
    '/addresses/:id/default',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Make a saved address the default',
        params: idParams,
        response: { 200: bookEnvelope, ...errors },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      await addresses.setDefault(userId, request.params.id);
      return ok({ addresses: await addresses.list(userId) }, ADDRESS_MESSAGES.defaultSet);
    },
  );
};
