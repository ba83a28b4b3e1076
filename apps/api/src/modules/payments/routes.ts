/**
 * Payment pages and gateway calls under /payments. No login: the shopper's browser (the
 * sandbox page, the return from PhonePe) and the gateway (webhooks) reach these.
 *
 * - GET  /payments/sandbox/{merchantOrderId}: the sandbox payment page (HTML).
 * - POST /payments/sandbox/{merchantOrderId}: form `outcome=success|failure|pending`; 303 to
 *   the storefront's confirmation page.
 * - GET  /payments/phonepe/return/{merchantOrderId}: back from PhonePe; reads the status, 303
 *   to the confirmation page.
 * - POST /payments/phonepe/webhook: PhonePe's S2S callback, authorised by
 *   `Authorization: SHA256(username:password)`; 401 otherwise, before anything is read. What
 *   it claims is checked with PhonePe's status API first (503 when that cannot be read).
 */
import { messageEnvelopeSchema } from '@vastra/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { done, errorResponses } from '../../lib/http';
import { isAuthorizedWebhook, phonePeWebhookSchema } from './phonepe';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from './sandbox';
import { renderNotFoundPage, renderSandboxPage, sandboxPagePolicy } from './sandbox-page';
import type { PaymentService } from './service';

const tags = ['payments'];
/** Unknown and malformed ids alike get the not-found page, so the param is only bounded here. */
const params = z.object({ merchantOrderId: z.string().max(100) });
const html = z.string().describe('An HTML page');
const toConfirmation = z.null().describe('Redirect (Location) to the order confirmation page');
const outcomes = Object.keys(SANDBOX_OUTCOMES) as [SandboxOutcome, ...SandboxOutcome[]];

export const WEBHOOK_MESSAGES = {
  unauthorized: 'Webhook authorization failed',
  received: 'Webhook received',
} as const;

export type PaymentsRoutesOptions = {
  payments: PaymentService;
  storefrontUrl: string;
  /** The expected Authorization header of PhonePe webhooks; null refuses them all. */
  phonePeWebhookAuthorization: string | null;
};

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, opts) => {
  const { payments, storefrontUrl } = opts;
  const policy = sandboxPagePolicy(storefrontUrl);

  // The sandbox page posts a plain HTML form; the parser is scoped to these routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) => parsed(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const sendPage = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      // Not no-referrer: under it browsers send `Origin: null` with the form's POST, and the
      // cookie-write origin check (plugins/authenticate.ts) refuses a shopper who has the API's
      // session cookie. same-origin sends the API's own origin there and nothing to other sites.
      .header('referrer-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(body);

  const sandboxPayment = async (merchantOrderId: string) => {
    const found = await payments.summary(merchantOrderId);
    return found && found.provider === 'sandbox' && payments.has('sandbox') ? found : null;
  };

  app.get(
    '/payments/sandbox/:merchantOrderId',
    {
      schema: {
        tags,
        summary: 'The sandbox payment page: order number, amount and Success / Failure / Pending',
        params,
        produces: ['text/html'],
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const payment = await sandboxPayment(request.params.merchantOrderId);
      if (!payment) return sendPage(reply, 404, renderNotFoundPage(storefrontUrl));
      return sendPage(
        reply,
        200,
        renderSandboxPage({ ...payment, confirmationUrl: payments.confirmationUrl(payment.orderId) }),
      );
    },
  );

  app.post(
    '/payments/sandbox/:merchantOrderId',
    {
      schema: {
        tags,
        summary: 'Pick the outcome of a sandbox payment; redirects to the order confirmation',
        params,
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ outcome: z.enum(outcomes) }),
        produces: ['text/html'],
        response: { 303: toConfirmation, 404: html, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const payment = await sandboxPayment(request.params.merchantOrderId);
      if (!payment) return sendPage(reply, 404, renderNotFoundPage(storefrontUrl));
      const { orderId } = await payments.pickSandboxOutcome(payment.merchantOrderId, request.body.outcome);
      return reply.redirect(payments.confirmationUrl(orderId), 303);
    },
  );

  app.get(
    '/payments/phonepe/return/:merchantOrderId',
    {
      schema: {
        tags,
        summary: "The shopper's return from PhonePe: reads the status, redirects to the order confirmation",
        params,
        produces: ['text/html'],
        response: { 303: toConfirmation, 404: html },
      },
    },
    async (request, reply) => {
      const payment = await payments.summary(request.params.merchantOrderId);
      if (!payment || payment.provider !== 'phonepe' || !payments.has('phonepe')) {
        return sendPage(reply, 404, renderNotFoundPage(storefrontUrl));
      }
      const { orderId } = await payments.returnFromPhonePe(payment.merchantOrderId);
      return reply.redirect(payments.confirmationUrl(orderId), 303);
    },
  );

  app.post(
    '/payments/phonepe/webhook',
    {
      // Before the body is validated: an unauthorised caller learns nothing and stores nothing.
      preValidation: async (request) => {
        if (!isAuthorizedWebhook(request.headers.authorization, opts.phonePeWebhookAuthorization)) {
          throw new UnauthorizedError(WEBHOOK_MESSAGES.unauthorized);
        }
      },
      schema: {
        tags,
        summary: "PhonePe's webhook (S2S callback): Authorization = SHA256(username:password)",
        body: phonePeWebhookSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      await payments.applyPhonePeWebhook(request.body);
      return done(WEBHOOK_MESSAGES.received);
    },
  );
};
