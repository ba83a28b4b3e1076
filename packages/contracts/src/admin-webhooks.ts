/**
 * Shapes of the admin's outgoing webhooks (`/admin/api/webhooks`, docs/admin.md "Webhooks"):
 * the endpoints the owner sets up for other systems (accounting, an ERP, a marketing tool),
 * the events each wants, and the log of what was delivered. Owner only (`webhooks.manage`).
 * The signing secret is in an answer only when it is made: at creation and at rotation.
 */
import { z } from 'zod';

/** The domain events a webhook may ask for (the API's lib/events.ts), in the order the admin lists them. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.status_changed',
  'payment.settled',
  'refund.changed',
  'catalog.changed',
  'stock.changed',
  'review.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event tells a receiver, for the admin's checkboxes. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'An order was placed',
  'order.status_changed': 'An order moved to another status',
  'payment.settled': 'A payment completed or failed',
  'refund.changed': 'A refund completed or failed',
  'catalog.changed': 'The catalogue changed (products, sizes, categories…)',
  'stock.changed': 'Stock changed (sale, cancellation, return, edit)',
  'review.changed': 'A review was posted, hidden or shown again',
};

/** The headers of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (one v1 per live secret). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-vastra-signature';
export const WEBHOOK_EVENT_HEADER = 'x-vastra-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-vastra-delivery';
/** How old a signature's timestamp a receiver should accept, in seconds: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_MESSAGES = {
  notFound: 'No such webhook.',
  urlInvalid: 'Enter a full address, e.g. https://erp.example.com/vastra-hook.',
  httpsRequired: 'The address must start with https://.',
  credentialsInUrl: 'Put no user name or password in the address; receivers check the signature instead.',
  privateAddress:
    'This address points to a private or local network (loopback, 10.x, 172.16–31.x, 192.168.x, link-local, CGNAT, unique-local). Webhooks go only to public internet addresses.',
  hostNotFound: 'This host name could not be found. Check the address.',
  eventsRequired: 'Choose at least one event.',
  created: 'Webhook added. Copy the signing secret now: it is not shown again.',
  rotated: 'New signing secret made. Copy it now: the old one keeps signing for 24 hours.',
} as const;

const webhookUrlSchema = z.string().trim().min(1, WEBHOOK_MESSAGES.urlInvalid).max(2000, WEBHOOK_MESSAGES.urlInvalid);
const eventsSchema = z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.eventsRequired).max(WEBHOOK_EVENTS.length);

/** POST /admin/api/webhooks: where to send, which events, and a note for the owner (e.g. "Tally"). */
export const webhookCreateBodySchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: z.string().trim().max(200).default(''),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBodySchema>;

/** PATCH /admin/api/webhooks/{id}: any of the fields; `enabled: true` switches a stopped one back on. */
export const webhookUpdateBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    description: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBodySchema>;

/** An endpoint as the admin shows it (never its secret). Times ISO 8601. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Deliveries in a row that failed every attempt; at the limit the endpoint is switched off. */
  consecutiveFailures: z.number().int(),
  /** Why the store switched it off (null: on, or switched off by the owner). */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/**
 * The answer of creation and rotation: the endpoint and its new signing secret, shown this once
 * (named `secret`, a key the audit log drops from what it stores).
 */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** One attempt to deliver: the receiver's status (null: no answer), the start of its answer, how long, what went wrong. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One event sent to one endpoint, with its attempts, newest first in the log. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptSchema),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
