/**
 * Operator steps of returns (bearer operator token): approve, reject with a note, record the
 * pickup, refund — each on the open return of the order `:ref` (UUID or order number).
 * Answers {returnRequest, order}; 404 without an open return, 409 for a step out of order.
 */
import { envelope, orderSchema, returnRequestSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { ReturnStep, ReturnsService } from './service';

const tags = ['operator'];
const errors = errorResponses(400, 401, 404, 409);
const params = z.object({ ref: z.string().min(1) });
const answer = envelope(z.object({ returnRequest: returnRequestSchema, order: orderSchema }));
const note = z.string().trim().min(1).max(500);

const STEPS: { step: ReturnStep; summary: string; body: z.ZodType<{ note?: string }> }[] = [
  { step: 'approve', summary: 'Approve the open return', body: z.object({ note: note.optional() }) },
  { step: 'reject', summary: 'Reject the open return, saying why', body: z.object({ note }) },
  {
    step: 'pickup',
    summary: 'Record that the courier picked the return up (nothing goes back in stock; the admin chooses that)',
    body: z.object({ note: note.optional() }),
  },
  {
    step: 'refund',
    summary: 'Refund the picked-up return: gift card share, then the gateway (or by hand for COD)',
    body: z.object({ note: note.optional() }),
  },
];

export const returnsOperatorRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.addHook('onRequest', app.requireOperator);
  for (const { step, summary, body } of STEPS) {
    app.post(
      `/ops/orders/:ref/return/${step}`,
      { schema: { tags, summary, params, body: body.optional(), response: { 200: answer, ...errors } } },
      // Restocking needs someone to look at the pieces: only the admin's pickup does it.
      async (request) =>
        ok(await returns.step(request.params.ref, step, { note: request.body?.note ?? null, restock: false })),
    );
  }
};
