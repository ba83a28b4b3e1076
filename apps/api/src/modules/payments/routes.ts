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
 * - GET  /payments/razorpay/pay/{merchantOrderId}: our Razorpay checkout page (HTML, opens the
 *   modal); 303 to the confirmation page once the payment is settled.
 * - GET  /payments/razorpay/checkout/{merchantOrderId}: what the storefront opens Razorpay's
 *   modal with on its checkout page (key id, Razorpay's order id, the script's URL, where the
 *   answer goes); 404 unless a pending Razorpay payment here. The id is unguessable, and nothing
 *   in the answer is secret.
 * - POST /payments/razorpay/verify/{merchantOrderId}: form `razorpay_payment_id,
 *   razorpay_order_id, razorpay_signature` from the modal; the signature is checked (400
 *   otherwise), the state read from Razorpay, 303 to the confirmation page.
 * - POST /payments/razorpay/webhook: Razorpay's webhook, signed by `X-Razorpay-Signature`
 *   (HMAC-SHA256 of the raw body with the webhook secret); 401 otherwise, before anything is
 *   read. Confirmed with Razorpay's API first (503 when it cannot be read).
 */
import { ORDER_MESSAGES, envelope, messageEnvelopeSchema } from '@vastra/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { done, errorResponses, keepRawJsonBodies, ok } from '../../lib/http';
import { isAuthorizedWebhook, phonePeWebhookSchema } from './phonepe';
import { isValidWebhookSignature, razorpayWebhookSchema } from './razorpay';
import { razorpayPagePolicy, renderRazorpayPage } from './razorpay-page';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from './sandbox';
import { renderNotFoundPage, renderSandboxPage, sandboxPagePolicy } from './sandbox-page';
import type { PaymentService } from './service';

const tags = ['payments'];
/** Unknown and malformed ids alike get the not-found page, so the param is only bounded here. */
const params = z.object({ merchantOrderId: z.string().max(100) });
const html = z.string().describe('An HTML page');
const toConfirmation = z.null().describe('Redirect (Location) to the order confirmation page');
const outcomes = Object.keys(SANDBOX_OUTCOMES) as [SandboxOutcome, ...SandboxOutcome[]];
/** Each Razorpay webhook's body as received, for its signature check. */

export const WEBHOOK_MESSAGES = {
  unauthorized: 'Webhook authorization failed',
  received: 'Webhook received',
} as const;

export type PaymentsRoutesOptions = {
  payments: PaymentService;
  storefrontUrl: string;
  /** The expected Authorization header of PhonePe webhooks; null refuses them all. */
  phonePeWebhookAuthorization: string | null;
  /** Razorpay's webhook secret (null refuses every webhook) and checkout script URL. */
  razorpay: { webhookSecret: string | null; checkoutUrl: string };
  /** The store's name, shown in Razorpay's modal. */
  storeName: () => Promise<string>;
  /** The API's public address, for the modal's answer to come back to. */
  publicUrl: string;
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

  const sendPage = (reply: FastifyReply, status: number, body: string, pagePolicy = policy) =>
    reply
      .code(status)
      .header('content-security-policy', pagePolicy)
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

  app.get(
    '/payments/razorpay/pay/:merchantOrderId',
    {
      schema: {
        tags,
        summary: "Our Razorpay checkout page: opens Razorpay's modal; redirects to the confirmation once settled",
        params,
        produces: ['text/html'],
        response: { 200: html, 303: toConfirmation, 404: html },
      },
    },
    async (request, reply) => {
      const checkout = await payments.razorpayCheckout(request.params.merchantOrderId);
      if (!checkout) return sendPage(reply, 404, renderNotFoundPage(storefrontUrl));
      const confirmationUrl = payments.confirmationUrl(checkout.orderId);
      if (checkout.status !== 'pending') return reply.redirect(confirmationUrl, 303);
      return sendPage(
        reply,
        200,
        renderRazorpayPage({
          ...checkout,
          storeName: await opts.storeName(),
          checkoutUrl: opts.razorpay.checkoutUrl,
          verifyPath: `/payments/razorpay/verify/${encodeURIComponent(checkout.merchantOrderId)}`,
          confirmationUrl,
        }),
        razorpayPagePolicy(opts.razorpay.checkoutUrl, storefrontUrl),
      );
    },
  );

  app.get(
    '/payments/razorpay/checkout/:merchantOrderId',
    {
      schema: {
        tags,
        summary: "What Razorpay's modal opens with for a pending payment, on the storefront's checkout page",
        params,
        response: {
          200: envelope(
            z.object({
              keyId: z.string(),
              razorpayOrderId: z.string(),
              orderNumber: z.string(),
              storeName: z.string(),
              checkoutUrl: z.string(),
              verifyUrl: z.string(),
              confirmationUrl: z.string(),
            }),
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const checkout = await payments.razorpayCheckout(request.params.merchantOrderId);
      if (!checkout || checkout.status !== 'pending') throw new NotFoundError(ORDER_MESSAGES.paymentNotFound);
      return ok({
        keyId: checkout.keyId,
        razorpayOrderId: checkout.razorpayOrderId,
        orderNumber: checkout.orderNumber,
        storeName: await opts.storeName(),
        checkoutUrl: opts.razorpay.checkoutUrl,
        verifyUrl: `${opts.publicUrl}/payments/razorpay/verify/${encodeURIComponent(checkout.merchantOrderId)}`,
        confirmationUrl: payments.confirmationUrl(checkout.orderId),
      });
    },
  );

  app.post(
    '/payments/razorpay/verify/:merchantOrderId',
    {
      schema: {
        tags,
        summary:
          "The Razorpay modal's signed answer: checks the signature, reads the state, redirects to the confirmation",
        params,
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({
          razorpay_payment_id: z.string().min(1).max(100),
          razorpay_order_id: z.string().min(1).max(100),
          razorpay_signature: z.string().min(1).max(200),
        }),
        response: { 303: toConfirmation, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { orderId } = await payments.verifyRazorpay(request.params.merchantOrderId, {
        orderId: request.body.razorpay_order_id,
        paymentId: request.body.razorpay_payment_id,
        signature: request.body.razorpay_signature,
      });
      return reply.redirect(payments.confirmationUrl(orderId), 303);
    },
  );

  // The signature covers the body as sent, so this route keeps it raw beside the parsed JSON.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    const rawBody = keepRawJsonBodies(scope, 256 * 1024);
    hooks.post(
      '/payments/razorpay/webhook',
      {
        // Before the body is validated: an unsigned caller learns nothing and stores nothing.
        preValidation: async (request) => {
          const signature = request.headers['x-razorpay-signature'];
          const raw = rawBody(request);
          if (
            !isValidWebhookSignature(
              raw,
              typeof signature === 'string' ? signature : undefined,
              opts.razorpay.webhookSecret,
            )
          ) {
            throw new UnauthorizedError(WEBHOOK_MESSAGES.unauthorized);
          }
        },
        schema: {
          tags,
          summary: "Razorpay's webhook: X-Razorpay-Signature = HMAC-SHA256 of the raw body with the webhook secret",
          body: razorpayWebhookSchema,
          response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 503) },
        },
      },
      async (request) => {
        await payments.applyRazorpayWebhook(request.body);
        return done(WEBHOOK_MESSAGES.received);
      },
    );
  });

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
