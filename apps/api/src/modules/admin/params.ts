/** What the admin routes share: a record's id in the path (a UUID; other shapes are a 400), the product filters. */
import { PRODUCT_STATUSES, STOCK_LEVELS } from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const idParams = z.object({ id: z.uuid() });

const yesNo = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The product list's search and filters, shared by the list and the CSV export. */
export const productFilterQuery = z.object({
  q: z.string().trim().min(1).max(100).optional(),
  category: z.string().trim().max(120).optional(),
  brand: z.string().trim().max(120).optional(),
  active: yesNo.optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.enum(STOCK_LEVELS).optional(),
  onSale: yesNo.optional(),
});

/** The `:id` of the request's path, for the audit log's record id. */
export const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
