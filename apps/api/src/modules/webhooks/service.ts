/**
 * The owner's webhook endpoints (docs/admin.md "Webhooks"): made, changed, switched on and off,
 * their secret rotated, removed; and the deliveries of an event, one per endpoint that asked
 * for it, each with the exact body every attempt sends. The signing secret leaves this service
 * only in the answer of creation and rotation.
 */
import {
  WEBHOOK_MESSAGES,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookUpdateBody,
  type WebhookWithSecret,
} from '@vastra/contracts';
import { and, arrayContains, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { AddressGuard } from './address-guard';
import { newSigningSecret, type SecretBox } from './signing';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './tables';

/** How long a rotated-out secret keeps signing beside the new one, in ms: 24 h to update the receiver. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

/** An event's data as sent: ids and plain values. */
export type WebhookData = Record<string, string | number | boolean | null | string[]>;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class WebhookService {
  constructor(private readonly deps: { db: Db; guard: AddressGuard; box: SecretBox; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Every endpoint, oldest first. */
  async list(): Promise<WebhookEndpoint[]> {
    const rows = await this.deps.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
    return rows.map(toEndpoint);
  }

  /** One endpoint; NotFoundError (404) when there is none. */
  async get(id: string): Promise<WebhookEndpoint> {
    return toEndpoint(await this.row(id));
  }

  /**
   * Adds an endpoint after checking its address (address-guard.ts; a refused one is a 400 with
   * the reason). Answers its new signing secret, shown this once.
   */
  async create(body: WebhookCreateBody): Promise<WebhookWithSecret> {
    const url = await this.deps.guard.check(body.url);
    const secret = newSigningSecret();
    const [row] = await this.deps.db
      .insert(webhookEndpoints)
      .values({
        url,
        description: body.description,
        events: [...new Set(body.events)],
        secretSealed: this.deps.box.seal(secret),
      })
      .returning();
    return { endpoint: toEndpoint(row!), secret };
  }

  /**
   * Changes an endpoint; a new address is checked as at creation. Switching it on again clears
   * the count of failed deliveries and the reason it was switched off.
   */
  async update(id: string, body: WebhookUpdateBody): Promise<WebhookEndpoint> {
    await this.row(id);
    const url = body.url === undefined ? undefined : await this.deps.guard.check(body.url);
    const [row] = await this.deps.db
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(body.events === undefined ? {} : { events: [...new Set(body.events)] }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.enabled === undefined
          ? {}
          : body.enabled
            ? { enabled: true, consecutiveFailures: 0, disabledReason: null }
            : { enabled: false, disabledReason: null }),
        updatedAt: this.now(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return toEndpoint(row!);
  }

  /**
   * A new signing secret for the endpoint, answered this once; the one before keeps signing
   * beside it for PREVIOUS_SECRET_MS, so the receiver can be updated without losing deliveries.
   */
  async rotateSecret(id: string): Promise<WebhookWithSecret> {
    const current = await this.row(id);
    const secret = newSigningSecret();
    const now = this.now();
    const [row] = await this.deps.db
      .update(webhookEndpoints)
      .set({
        secretSealed: this.deps.box.seal(secret),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return { endpoint: toEndpoint(row!), secret };
  }

  /** Removes an endpoint with its delivery log. */
  async remove(id: string): Promise<{ id: string }> {
    await this.row(id);
    await this.deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return { id };
  }

  /** The endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
  async deliveries(id: string, limit: number): Promise<WebhookDelivery[]> {
    await this.row(id);
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(limit);
    if (rows.length === 0) return [];
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(webhookAttempts.attempt));
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      attempts: attempts
        .filter((a) => a.deliveryId === r.id)
        .map((a) => ({
          attempt: a.attempt,
          statusCode: a.statusCode,
          responseExcerpt: a.responseExcerpt,
          durationMs: a.durationMs,
          error: a.error,
          at: a.at.toISOString(),
        })),
    }));
  }

  /**
   * Records one delivery of `event` for each switched-on endpoint that asked for it, with `db`
   * (the publisher's transaction when the event is told inside one); the body is
   * `{ id, event, createdAt, data }`, `id` the event's, shared by its deliveries. Answers the
   * deliveries' ids, for the caller to queue.
   */
  async record(db: Db, event: WebhookEvent, data: WebhookData): Promise<string[]> {
    const endpoints = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event])));
    if (endpoints.length === 0) return [];
    const createdAt = this.now();
    const body = JSON.stringify({ id: crypto.randomUUID(), event, createdAt: createdAt.toISOString(), data });
    const rows = await db
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ endpointId: e.id, event, body, createdAt })))
      .returning({ id: webhookDeliveries.id });
    return rows.map((r) => r.id);
  }

  private async row(id: string): Promise<EndpointRow> {
    const [row] = await this.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    return row;
  }
}
