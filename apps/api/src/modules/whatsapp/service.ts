/**
 * Order updates on WhatsApp and the confirmation of held cash on delivery orders
 * (docs/behaviour.md "WhatsApp updates", "COD confirmation").
 *
 * - The shopper's choice (`optIn`, `setOptIn`): updates go only to a shopper who opted in, at
 *   checkout or in the account, on the number they gave; their reply "STOP" opts them out. Each
 *   choice is recorded as consent to `whatsapp_updates` (consent module).
 * - Each update is a `whatsapp.notify` job (`deliver`): claimed once in `whatsapp_messages`,
 *   sent as the update's approved template; a number WhatsApp cannot reach gets a text through
 *   the sms module's notice template instead. Mail goes as before, from the orders module.
 * - A held order's confirmation request goes by mail always (the signed link), and by WhatsApp
 *   with a quick-reply button to a shopper who opted in, else by text with the link.
 * - Meta's webhook (`verifyHandshake`, `handleWebhook`, signature checked by the route): message
 *   statuses are recorded, "STOP" opts the number out, the button confirms the order.
 *
 * Errors: ValidationError (phone required, a confirmation link that is not valid), ConflictError
 * (an order cancelled unconfirmed), ForbiddenError (a webhook verify token that does not match).
 * No number or token is written to the log.
 */
import {
  formatPrice,
  paiseToRupees,
  WHATSAPP_MESSAGES,
  COD_CONFIRM_PAGE,
  type CodConfirmResult,
  type WhatsappOptIn,
} from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import { mailLocaleFor, type MailLocale } from '../../lib/mail-i18n';
import type { OrderRow, OrdersService } from '../orders';
import type { ConsentService } from '../consent/service';
import type { NoticeSms } from '../sms';
import type { UsersService } from '../users/service';
import { WHATSAPP_NOTIFY_JOB, type WhatsappNotice, type WhatsappUpdate } from './jobs';
import { codConfirmationMail } from './mail';
import { WhatsappUndeliverableError, type WhatsappSender } from './sender';
import { whatsappMessages, whatsappOptIns, WHATSAPP_CHANNELS, WHATSAPP_MESSAGE_STATUSES } from './tables';
import type { CodConfirmTokens } from './tokens';
import type { WhatsappWebhook } from './webhook';

/** The quick-reply payload of the COD confirmation template's button: this prefix and the order id. */
export const COD_CONFIRM_PAYLOAD = 'cod-confirm:';
/** Replies that opt the number out (Meta's own opt-out words, in either case). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'रोकें', 'बंद']);

/** A few English words per update for the text (SMS) fallback's `##update##`. */
const SMS_UPDATES: Record<WhatsappUpdate, string> = {
  placed: 'is placed.',
  shipped: 'has shipped. Track it:',
  out_for_delivery: 'is out for delivery.',
  undelivered: 'could not be delivered. Tell the courier when to come again:',
  delivered: 'was delivered.',
  refunded: 'refund is issued.',
  cod_confirmation: 'is waiting for your confirmation (cash on delivery). Confirm it:',
};

export type WhatsappDeps = {
  db: Db;
  jobs: Jobs;
  sender: WhatsappSender;
  /** The sms module's notice texts; null: no updates by text (MSG91 without a notice template). */
  sms: { sendNotice(sms: NoticeSms): Promise<void> } | null;
  orders: Pick<OrdersService, 'findRef' | 'getById' | 'confirmHeldCod' | 'expireHeldCod'>;
  users: Pick<UsersService, 'contactOf' | 'findById'>;
  /** The consent record: each opt-in and opt-out is a `whatsapp_updates` record. */
  consent: Pick<ConsentService, 'record'>;
  mailer: Mailer;
  tokens: CodConfirmTokens;
  /** The approved templates' names per update (config WHATSAPP_TEMPLATE_*). */
  templates: Record<WhatsappUpdate, string>;
  /** The store's COD confirmation settings (settings module), read at use. */
  codConfirmation: () => Promise<{ abovePaise: number | null; hours: number }>;
  /** Whether updates go by WhatsApp at all (WHATSAPP_UPDATES). */
  enabled: boolean;
  /** The webhook verification request's expected hub.verify_token; null: none accepted. */
  verifyToken: string | null;
  storefrontUrl: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

const UNPLACED = new Set(['pending_payment', 'payment_failed', 'awaiting_confirmation', 'cancelled']);
const STATUS_RANK = new Map<string, number>(WHATSAPP_MESSAGE_STATUSES.map((s, i) => [s, i]));

export class WhatsappService {
  constructor(private readonly deps: WhatsappDeps) {}

  /** The shopper's choice: opted in or not, and the number (theirs on the account until they give one). */
  async optIn(userId: string): Promise<WhatsappOptIn> {
    const [row] = await this.deps.db.select().from(whatsappOptIns).where(eq(whatsappOptIns.userId, userId));
    if (row) return { optedIn: row.optedIn, phone: row.phone };
    const account = await this.deps.users.findById(userId);
    return { optedIn: false, phone: account?.phone ?? null };
  }

  /**
   * Saves the shopper's choice and records it as their consent to `whatsapp_updates` given or
   * withdrawn. Opting in takes `phone` (10 digits), else the account's number, else
   * ValidationError(phoneRequired); opting out keeps the number for next time.
   */
  async setOptIn(userId: string, choice: { optedIn: boolean; phone?: string }): Promise<WhatsappOptIn> {
    const current = await this.optIn(userId);
    const phone = choice.phone ?? current.phone;
    if (choice.optedIn && !phone) throw new ValidationError(WHATSAPP_MESSAGES.phoneRequired);
    if (phone) {
      const set = { phone, optedIn: choice.optedIn, updatedAt: new Date() };
      await this.deps.db
        .insert(whatsappOptIns)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: whatsappOptIns.userId, set });
    }
    await this.deps.consent.record(userId, 'whatsapp_updates', choice.optedIn);
    return this.optIn(userId);
  }

  /** Queues one update (after the commit of what it reports); a failure to queue is logged, never thrown. */
  async queue(notice: WhatsappNotice): Promise<void> {
    await this.deps.jobs.send(WHATSAPP_NOTIFY_JOB, notice).catch((err: unknown) => {
      this.deps.log.error({ err, orderId: notice.orderId, update: notice.update }, 'WhatsApp update not queued');
    });
  }

  /**
   * `whatsapp.notify`: sends the update once (each channel's send claimed in `whatsapp_messages`,
   * the claim given back when the send fails, so the retry sends it; out for delivery and a
   * failed delivery attempt once per attempt, the latter only while the order still waits for
   * an answer). An order gone sends
   * nothing.
   */
  async deliver(notice: WhatsappNotice): Promise<void> {
    const order = await this.deps.orders.findRef(notice.orderId).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    if (!order) return;
    let key = notice.update === 'refunded' ? `refund:${notice.refundId ?? order.id}` : `${order.id}:${notice.update}`;
    const contact = await this.deps.users.contactOf(order.userId);
    const locale = mailLocaleFor({ account: contact?.locale, order: order.locale });
    const [optIn] = await this.deps.db
      .select()
      .from(whatsappOptIns)
      .where(and(eq(whatsappOptIns.userId, order.userId), eq(whatsappOptIns.optedIn, true)));

    if (notice.update === 'cod_confirmation') {
      if (order.status !== 'awaiting_confirmation') return;
      const { hours } = await this.deps.codConfirmation();
      const link = await this.confirmLink(order, hours, locale);
      if (contact?.email) {
        const email = contact.email;
        await this.once(`${key}:mail`, order.id, 'cod_confirmation', 'mail', async () => {
          const mail = codConfirmationMail({
            name: contact.name,
            orderNumber: order.orderNumber,
            amountPaise: order.payablePaise,
            url: link,
            hours,
            locale,
          });
          await this.deps.mailer.send({ to: email, ...mail });
          return null;
        });
      }
      const params = {
        customer_name: firstName(contact?.name),
        order_number: order.orderNumber,
        amount: formatPrice(paiseToRupees(order.payablePaise)),
        hours: String(hours),
        confirm_link: link,
      };
      const phone = optIn && this.deps.enabled ? optIn.phone : null;
      await this.send(
        key,
        order,
        notice.update,
        phone ?? order.shippingAddress.phone,
        phone !== null,
        locale,
        params,
        link,
      );
      return;
    }
    if (!optIn || !this.deps.enabled) return;
    // An online order told at payment that failed meanwhile, or a held order, is not placed.
    if (notice.update === 'placed' && UNPLACED.has(order.status)) return;
    // Worth telling only while the shopper can still answer it (not once delivered or returning).
    if (notice.update === 'undelivered' && order.status !== 'undelivered') return;
    if (notice.update === 'undelivered' || notice.update === 'out_for_delivery') {
      // Each attempt is its own update: after a failed one the courier goes out, and may fail, again.
      const { timeline } = await this.deps.orders.getById(order.id);
      key = `${key}:${timeline.filter((step) => step.status === notice.update).length}`;
    }
    const orderLink = `${this.deps.storefrontUrl}${locale === 'hi' ? '/hi' : ''}/account/orders/${order.id}`;
    // A failed attempt's update: the order and its page, whose form asks the courier to come again.
    const params: Record<string, string> =
      notice.update === 'undelivered'
        ? { order_number: order.orderNumber, order_link: orderLink }
        : { customer_name: firstName(contact?.name), order_number: order.orderNumber };
    if (notice.update === 'placed') {
      params.amount = formatPrice(paiseToRupees(order.payablePaise));
      params.order_link = orderLink;
    }
    if (notice.update === 'shipped') {
      params.courier = order.courier ?? '';
      params.tracking_link = order.trackingUrl ?? orderLink;
    }
    if (notice.update === 'refunded') params.amount = formatPrice(paiseToRupees(notice.amountPaise ?? 0));
    const smsLink = notice.update === 'shipped' ? params.tracking_link! : orderLink;
    await this.send(key, order, notice.update, optIn.phone, true, locale, params, smsLink);
  }

  /**
   * One message to `phone`, claimed under `key`: by WhatsApp when `byWhatsapp`, falling back to
   * a text when WhatsApp cannot reach the number; by text otherwise (when texts are set up).
   */
  private async send(
    key: string,
    order: OrderRow,
    update: WhatsappUpdate,
    phone: string,
    byWhatsapp: boolean,
    locale: MailLocale,
    params: Record<string, string>,
    link: string,
  ): Promise<void> {
    const text = async () => {
      if (!this.deps.sms) return null;
      await this.deps.sms.sendNotice({ phone, orderNumber: order.orderNumber, update: SMS_UPDATES[update], link });
      return { channel: 'sms' as const, messageId: null };
    };
    if (!byWhatsapp) {
      if (this.deps.sms) await this.once(key, order.id, update, 'sms', text);
      return;
    }
    await this.once(key, order.id, update, 'whatsapp', async () => {
      try {
        const { messageId } = await this.deps.sender.send({
          phone,
          template: this.deps.templates[update],
          language: locale,
          params,
          orderId: order.id,
          ...(update === 'cod_confirmation' ? { quickReplyPayload: `${COD_CONFIRM_PAYLOAD}${order.id}` } : {}),
        });
        return { channel: 'whatsapp' as const, messageId };
      } catch (err) {
        if (!(err instanceof WhatsappUndeliverableError)) throw err;
        this.deps.log.info({ orderId: order.id, update }, 'WhatsApp cannot reach the number; texting instead');
        return text();
      }
    });
  }

  /**
   * Runs `send` unless `key` was claimed already (by another instance or an earlier run); records
   * the channel and Meta's message id, or gives the claim back and rejects when `send` fails.
   */
  private async once(
    key: string,
    orderId: string,
    kind: string,
    channel: (typeof WHATSAPP_CHANNELS)[number],
    send: () => Promise<{ channel: 'whatsapp' | 'sms'; messageId: string | null } | null>,
  ): Promise<void> {
    const [claim] = await this.deps.db
      .insert(whatsappMessages)
      .values({ dedupeKey: key, orderId, kind, channel })
      .onConflictDoNothing()
      .returning({ id: whatsappMessages.id });
    if (!claim) return;
    try {
      const sent = await send();
      await this.deps.db
        .update(whatsappMessages)
        .set({
          status: 'sent',
          channel: sent?.channel ?? channel,
          providerMessageId: sent?.messageId ?? null,
          updatedAt: new Date(),
        })
        .where(eq(whatsappMessages.id, claim.id));
    } catch (err) {
      await this.deps.db.delete(whatsappMessages).where(eq(whatsappMessages.id, claim.id));
      throw err;
    }
  }

  /** The storefront page that confirms the order, with its signed token, in the shopper's language. */
  private async confirmLink(order: OrderRow, hours: number, locale: MailLocale): Promise<string> {
    const expiresAt = new Date(order.createdAt.getTime() + hours * 3_600_000);
    const token = await this.deps.tokens.sign(order.id, expiresAt);
    return `${this.deps.storefrontUrl}${locale === 'hi' ? '/hi' : ''}${COD_CONFIRM_PAGE}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Confirms the held order a link's token names (no login: the token is the proof).
   * ValidationError(codLinkInvalid) for a forged, altered or expired token; ConflictError(codExpired)
   * for an order cancelled unconfirmed.
   */
  async confirmByToken(token: string): Promise<CodConfirmResult> {
    const orderId = await this.deps.tokens.orderOf(token);
    if (!orderId) throw new ValidationError(WHATSAPP_MESSAGES.codLinkInvalid);
    const { order, alreadyConfirmed } = await this.deps.orders.confirmHeldCod(orderId, 'link');
    return { orderId: order.id, orderNumber: order.orderNumber, status: order.status, alreadyConfirmed };
  }

  /** Cancels the held orders older than the store's hours (the `whatsapp.cod-expire` job); how many. */
  async expireHeld(now = new Date()): Promise<number> {
    const { hours } = await this.deps.codConfirmation();
    return this.deps.orders.expireHeldCod(new Date(now.getTime() - hours * 3_600_000));
  }

  /** Meta's verification request: answers `challenge` when the mode and token match, else ForbiddenError. */
  verifyHandshake(mode: string, token: string, challenge: string): string {
    if (mode !== 'subscribe' || !this.deps.verifyToken || token !== this.deps.verifyToken) {
      throw new ForbiddenError(WHATSAPP_MESSAGES.verifyTokenInvalid);
    }
    return challenge;
  }

  /**
   * A signed webhook (checked by the route): each message status recorded (never backwards), each
   * "STOP" reply opts its number out, each COD button reply from the order's number confirms it.
   */
  async handleWebhook(body: WhatsappWebhook): Promise<void> {
    for (const entry of body.entry) {
      for (const change of entry.changes) {
        for (const status of change.value.statuses ?? []) await this.recordStatus(status.id, status.status);
        for (const message of change.value.messages ?? []) {
          const phone = message.from.replace(/^91(?=\d{10}$)/, '');
          const words = message.text?.body.trim().toUpperCase();
          if (words && STOP_WORDS.has(words)) {
            const stopped = await this.deps.db
              .update(whatsappOptIns)
              .set({ optedIn: false, updatedAt: new Date() })
              .where(eq(whatsappOptIns.phone, phone))
              .returning({ userId: whatsappOptIns.userId });
            for (const { userId } of stopped) {
              await this.deps.consent.record(userId, 'whatsapp_updates', false, 'whatsapp');
            }
            this.deps.log.info({ messageId: message.id }, 'a shopper replied STOP: WhatsApp updates off');
            continue;
          }
          const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
          if (payload?.startsWith(COD_CONFIRM_PAYLOAD)) {
            await this.confirmByReply(payload.slice(COD_CONFIRM_PAYLOAD.length), phone, message.id);
          }
        }
      }
    }
  }

  /** A button reply confirms the order only from the number its confirmation request went to. */
  private async confirmByReply(orderId: string, phone: string, messageId: string): Promise<void> {
    const order = await this.deps.orders.findRef(orderId).catch(() => null);
    if (!order) return;
    const [optIn] = await this.deps.db
      .select({ phone: whatsappOptIns.phone })
      .from(whatsappOptIns)
      .where(eq(whatsappOptIns.userId, order.userId));
    if (optIn?.phone !== phone) {
      this.deps.log.info({ messageId, orderId }, 'COD confirmation reply from another number ignored');
      return;
    }
    try {
      await this.deps.orders.confirmHeldCod(order.id, 'WhatsApp');
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      this.deps.log.info({ orderId }, 'COD confirmation reply for an order already cancelled');
    }
  }

  /** Moves an update's status forward (sent → delivered → read; failed from any). */
  private async recordStatus(messageId: string, status: string): Promise<void> {
    const rank = STATUS_RANK.get(status);
    if (rank === undefined) return;
    const before = WHATSAPP_MESSAGE_STATUSES.filter((s, i) => i < rank && s !== 'failed');
    if (before.length === 0) return;
    await this.deps.db
      .update(whatsappMessages)
      .set({ status: status as (typeof WHATSAPP_MESSAGE_STATUSES)[number], updatedAt: new Date() })
      .where(and(eq(whatsappMessages.providerMessageId, messageId), inArray(whatsappMessages.status, before)));
  }
}

/** The name a message greets: the first word of the account's name, or "there". */
function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'there';
}
