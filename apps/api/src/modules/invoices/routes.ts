/**
 * GST documents of the shopper's orders (behaviour.md §7 Orders, §10 Invoices): GET
 * /orders/:id/invoice (tax invoice) and GET /orders/returns/:returnId/credit-note (credit note
 * of a refunded return), as PDF attachments. Every call needs a session (cookie or bearer);
 * someone else's order or return, or a malformed id, answers 404.
 */
import { ORDER_MESSAGES } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { isUuid } from '../../lib/ids';
import { NotFoundError } from '../../lib/errors';
import { principalOf } from '../../plugins/authenticate';
import type { InvoiceService, PdfFile } from './service';

const tags = ['orders'];
const pdfResponse = {
  description: 'The PDF document, as an attachment',
  content: {
    'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
  },
};
const errors = errorResponses(400, 401, 403, 404);

/** A malformed id can't be anyone's: the same 404 as someone else's. */
function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw new NotFoundError(message);
  return id;
}

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoiceService }> = async (app, { invoices }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        summary: 'The GST tax invoice of a paid order (cash on delivery: once delivered), as a PDF',
        params: z.object({ id: z.string() }),
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.invoice(principalOf(request).userId, uuidOr404(request.params.id, ORDER_MESSAGES.notFound)),
      ),
  );

  app.get(
    '/orders/returns/:returnId/credit-note',
    {
      schema: {
        tags,
        summary: 'The GST credit note of a refunded return, as a PDF',
        params: z.object({ returnId: z.string() }),
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.creditNote(
          principalOf(request).userId,
          uuidOr404(request.params.returnId, ORDER_MESSAGES.returnNotFound),
        ),
      ),
  );
};
