/**
 * Delivering webhooks (docs/admin.md "Webhooks"): the `webhooks.deliver` job posts one stored
 * delivery to its endpoint, signed afresh at each attempt, through the address guard's own DNS
 * lookup, within a time limit; every attempt is logged. A failed attempt throws, so the job
 * queue retries it with backoff; the last one instead marks the delivery failed and counts it
 * against the endpoint, which is switched off (and the owner mailed) after too many in a row.
 * A receiver's 2xx is a success; anything else (redirects are not followed) a failure.
 */
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@vastra/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mail';
import { escapeHtml, FOOTER, mailLayout } from '../../lib/mail-templates';
import type { AddressGuard } from './address-guard';
import { signatureHeader, type SecretBox } from './signing';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './tables';

/** Characters of a receiver's answer kept in the log. */
const EXCERPT_CHARS = 500;
/** Bytes of an answer read at most; the rest is not waited for. */
const READ_BYTES = 16 * 1024;

export type DeliveryOptions = {
  /** Attempts of one delivery, the first included (the job's retry limit + 1). */
  maxAttempts: number;
  /** Time limit of one attempt, connection to answer, in ms. */
  timeoutMs: number;
  /** Deliveries failing in a row (each after all its attempts) that switch an endpoint off. */
  disableAfter: number;
};

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

type Outcome = { statusCode: number | null; excerpt: string | null; error: string | null };

/**
 * POSTs `body` to `url` and reads the start of the answer; never throws (what went wrong is the
 * outcome's `error`). The connection resolves the host through `lookup`.
 */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; lookup: AddressGuard['lookup'] },
): Promise<Outcome> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: opts.lookup,
        // A fresh connection per attempt: each one goes through the lookup's check.
        agent: false,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          resolve({
            statusCode,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) || null,
            error: ok ? null : `The receiver answered ${statusCode}.`,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (err: Error) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
      resolve({
        statusCode: null,
        excerpt: null,
        error: timedOut ? `No answer within ${opts.timeoutMs / 1000} s.` : err.message.slice(0, EXCERPT_CHARS),
      });
    });
    request.end(body);
  });
}

export class WebhookDelivery {
  constructor(
    private readonly deps: {
      db: Db;
      guard: AddressGuard;
      box: SecretBox;
      mailer: Mailer;
      /** Who hears that an endpoint was switched off: the store's notification email, or the owners. */
      ownerEmails: () => Promise<string[]>;
      /** Queues the owner's mail about a switched-off endpoint (the `webhooks.switched-off` job). */
      onSwitchedOff: (endpointId: string) => Promise<unknown>;
      log: Log;
      options: DeliveryOptions;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Makes the next attempt of delivery `deliveryId` (the job's handler). Throws when the attempt
   * failed and another is left; a delivery already ended, or of a removed endpoint, is left alone.
   */
  async deliver(deliveryId: string): Promise<void> {
    const { db, options } = this.deps;
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint } = found;
    const attempt = delivery.attempts + 1;
    await db.update(webhookDeliveries).set({ attempts: attempt }).where(eq(webhookDeliveries.id, deliveryId));

    const started = performance.now();
    let outcome: Outcome;
    if (!endpoint.enabled) {
      outcome = { statusCode: null, excerpt: null, error: 'The webhook is switched off.' };
    } else {
      try {
        const url = this.deps.guard.checkAtDelivery(endpoint.url);
        outcome = await post(url, delivery.body, this.headers(endpoint, delivery), {
          timeoutMs: options.timeoutMs,
          lookup: this.deps.guard.lookup,
        });
      } catch (err) {
        outcome = { statusCode: null, excerpt: null, error: (err as Error).message };
      }
    }
    await db.insert(webhookAttempts).values({
      deliveryId,
      attempt,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.excerpt,
      durationMs: Math.round(performance.now() - started),
      error: outcome.error,
      at: this.now(),
    });

    if (outcome.error === null) {
      await db.update(webhookDeliveries).set({ status: 'succeeded' }).where(eq(webhookDeliveries.id, deliveryId));
      await db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    if (endpoint.enabled && attempt < options.maxAttempts) {
      throw new Error(`webhook attempt ${attempt} of ${options.maxAttempts} failed: ${outcome.error}`);
    }
    await db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, deliveryId));
    if (endpoint.enabled) await this.countFailure(endpoint.id, deliveryId);
  }

  private headers(
    endpoint: typeof webhookEndpoints.$inferSelect,
    delivery: typeof webhookDeliveries.$inferSelect,
  ): Record<string, string> {
    const { box } = this.deps;
    const now = this.now();
    const secrets = [box.open(endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(box.open(endpoint.previousSecretSealed));
    }
    return {
      [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(now.getTime() / 1000), delivery.body),
      [WEBHOOK_EVENT_HEADER]: delivery.event,
      [WEBHOOK_DELIVERY_HEADER]: delivery.id,
      'user-agent': 'Vastra-Webhooks/1',
    };
  }

  /** Counts a failed delivery; the one reaching the limit switches the endpoint off (once) and mails the owner. */
  private async countFailure(endpointId: string, deliveryId: string): Promise<void> {
    const { db, log, options } = this.deps;
    const [counted] = await db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ failures: webhookEndpoints.consecutiveFailures });
    log.warn({ endpointId, deliveryId, failures: counted?.failures }, 'webhook delivery failed after its attempts');
    const reason = `Switched off after ${options.disableAfter} deliveries in a row failed.`;
    const [off] = await db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: this.now() })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.enabled, true),
          gte(webhookEndpoints.consecutiveFailures, options.disableAfter),
        ),
      )
      .returning();
    if (!off) return;
    log.info({ endpointId }, 'webhook switched off after repeated failures');
    await this.deps.onSwitchedOff(endpointId);
  }

  /**
   * Mails the owner that endpoint `endpointId` was switched off (the `webhooks.switched-off`
   * job); nothing when it is on again or gone. The address is shown without its query, which
   * may hold a receiver's token.
   */
  async mailSwitchedOff(endpointId: string): Promise<void> {
    const [endpoint] = await this.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint || endpoint.enabled) return;
    const { maxAttempts, disableAfter } = this.deps.options;
    const url = new URL(endpoint.url);
    const subject = 'A webhook of your store was switched off';
    const lines = [
      `The webhook to ${url.origin}${url.pathname}${endpoint.description ? ` (${endpoint.description})` : ''} was switched off:`,
      `${disableAfter} deliveries in a row failed, each after ${maxAttempts} attempts.`,
      'Its delivery log in the admin (Webhooks) shows what the receiver answered. Once it works again, switch the webhook back on there; events in between were not sent.',
    ];
    const html = mailLayout({
      subject,
      maxWidth: 560,
      fontSize: 15,
      body: lines.map((l) => `<p style="margin:0 0 8px;">${escapeHtml(l)}</p>`).join('\n'),
    });
    const text = [...lines, '', '-- ', FOOTER, ''].join('\n');
    for (const to of await this.deps.ownerEmails()) await this.deps.mailer.send({ to, subject, text, html });
  }
}
