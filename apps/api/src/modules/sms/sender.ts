/**
 * Outgoing SMS (docs/architecture.md "Providers"): one interface, MSG91 when its auth key is
 * configured, otherwise a local outbox of text files under DATA_DIR whose arrival is logged,
 * with the one-time code outside production, as mails are (lib/mail.ts).
 *
 * Every text goes through a DLT-registered template (Indian regulation: an SMS goes out only
 * through a template registered with the operators' DLT under the store's entity and sender id):
 * one-time codes through the code template (its words are `otpSmsText`'s; the provider only fills
 * in the code), order updates to shoppers who cannot get them on WhatsApp through a second, the
 * notice template (`noticeSmsText`'s words, with the order number, the update and a link).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One text to send: the 10-digit Indian mobile number and the one-time code it carries. */
export type OtpSms = { phone: string; code: string };

export interface SmsSender {
  /**
   * Texts the code to the number. Rejects when the provider refuses or cannot be reached (the
   * caller tells the shopper to try again), never with the code in the error.
   */
  sendOtp(sms: OtpSms): Promise<void>;
  /**
   * Texts an order update through the notice template. Rejects when the provider refuses or
   * has no notice template (the caller's job retries), never with the number in the error.
   */
  sendNotice(sms: NoticeSms): Promise<void>;
  readonly kind: 'msg91' | 'outbox';
}

/**
 * An order update by text (docs/behaviour.md "WhatsApp updates"): the number, the order number,
 * what happened in a few words, the link to act on or read (the notice template's variables).
 */
export type NoticeSms = { phone: string; orderNumber: string; update: string; link: string };

/**
 * The words of the notice SMS, as its DLT template must be registered (`##order##`,
 * `##update##`, `##link##` its variables).
 */
export function noticeSmsText(sms: Omit<NoticeSms, 'phone'>, storeName: string): string {
  return `${storeName} order ${sms.orderNumber}: ${sms.update} ${sms.link}`;
}

/** The outbox folder inside DATA_DIR. */
export const SMS_OUTBOX_DIR_NAME = 'sms-outbox';

/**
 * The words of the code SMS, as the DLT template must be registered (with `##otp##` for the
 * code and the store's domain written out). The last line is the WebOTP origin-bound format
 * (`@<domain> #<code>`), so a phone browser on the store's site can fill the code in itself.
 */
export function otpSmsText(code: string, domain: string, storeName: string): string {
  return `${code} is your ${storeName} sign-in code. It is valid for 10 minutes. Do not share it with anyone.\n\n@${domain} #${code}`;
}

export type Msg91Settings = {
  /** The account's auth key (MSG91 panel → API), sent as the `authkey` header. */
  authKey: string;
  /** MSG91's id of the SMS template mapped to the DLT template (`template_id`). */
  templateId: string;
  /** MSG91's id of the order-update (notice) template; empty: no order updates by SMS. */
  noticeTemplateId: string;
  /** The DLT-approved 6-letter sender id (header), e.g. VASTRA. */
  senderId: string;
  /** https://control.msg91.com by default; a test points it at a local stand-in. */
  baseUrl: string;
};

/** `9876543210` → `98******10`: enough to tell texts apart in a log, not to read the number. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}******${phone.slice(-2)}`;
}

/**
 * MSG91's Flow API (https://control.msg91.com/api/v5/flow): POST with the `authkey` header and
 * `{ template_id, sender, short_url, recipients: [{ mobiles: '91XXXXXXXXXX', otp }] }`; the
 * template's `##otp##` variable takes the code. MSG91 answers `{ type: 'success' | 'error', message }`.
 */
export function msg91Sender(
  settings: Msg91Settings,
  logger: { info(obj: object, msg?: string): void },
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  return {
    kind: 'msg91',
    async sendOtp({ phone, code }) {
      const response = await fetchImpl(`${settings.baseUrl.replace(/\/$/, '')}/api/v5/flow`, {
        method: 'POST',
        headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: settings.templateId,
          sender: settings.senderId,
          short_url: '0',
          recipients: [{ mobiles: `91${phone}`, otp: code }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as { type?: string; message?: string } | null;
      if (!response.ok || answer?.type !== 'success') {
        throw new Error(`MSG91 refused the SMS (HTTP ${response.status}: ${answer?.message ?? 'no answer'})`);
      }
      logger.info({ to: maskPhone(phone), request: answer.message }, 'SMS sent');
    },
    async sendNotice({ phone, orderNumber, update, link }) {
      if (!settings.noticeTemplateId) throw new Error('MSG91_NOTICE_TEMPLATE_ID is not set');
      const response = await fetchImpl(`${settings.baseUrl.replace(/\/$/, '')}/api/v5/flow`, {
        method: 'POST',
        headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: settings.noticeTemplateId,
          sender: settings.senderId,
          short_url: '0',
          recipients: [{ mobiles: `91${phone}`, order: orderNumber, update, link }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as { type?: string; message?: string } | null;
      if (!response.ok || answer?.type !== 'success') {
        throw new Error(`MSG91 refused the SMS (HTTP ${response.status}: ${answer?.message ?? 'no answer'})`);
      }
      logger.info({ to: maskPhone(phone), request: answer.message }, 'notice SMS sent');
    },
  };
}

/**
 * The development outbox: each text is a file `<dataDir>/sms-outbox/<time>-<random>-<phone>.txt`
 * holding the number and the words, and its arrival is logged with the code outside production.
 */
export function outboxSender(opts: {
  dataDir: string;
  env: string;
  domain: string;
  storeName: () => Promise<string>;
  logger: { info(obj: object, msg?: string): void };
}): SmsSender {
  const dir = path.join(opts.dataDir, SMS_OUTBOX_DIR_NAME);
  return {
    kind: 'outbox',
    async sendOtp({ phone, code }) {
      const text = otpSmsText(code, opts.domain, await opts.storeName());
      await fs.mkdir(dir, { recursive: true });
      const time = new Date().toISOString().replace(/[-:.]/g, '');
      const file = path.join(dir, `${time}-${randomBytes(4).toString('hex')}-${phone}.txt`);
      // Written aside and renamed, so a reader of the outbox never sees half a text.
      const partial = path.join(dir, `.${path.basename(file)}.tmp`);
      await fs.writeFile(partial, `To: +91${phone}\n\n${text}\n`);
      await fs.rename(partial, file);
      const oneTimeCode = opts.env === 'production' ? undefined : code;
      opts.logger.info({ to: phone, ...(oneTimeCode ? { oneTimeCode } : {}), file }, 'SMS saved to the outbox');
    },
    async sendNotice({ phone, ...notice }) {
      const text = noticeSmsText(notice, await opts.storeName());
      await fs.mkdir(dir, { recursive: true });
      const time = new Date().toISOString().replace(/[-:.]/g, '');
      const file = path.join(dir, `${time}-${randomBytes(4).toString('hex')}-${phone}.txt`);
      const partial = path.join(dir, `.${path.basename(file)}.tmp`);
      await fs.writeFile(partial, `To: +91${phone}\n\n${text}\n`);
      await fs.rename(partial, file);
      // The link may carry a confirmation token and the file name the number: neither is logged.
      opts.logger.info({ to: maskPhone(phone), orderNumber: notice.orderNumber }, 'notice SMS saved to the outbox');
    },
  };
}
