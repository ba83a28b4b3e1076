/**
 * Outgoing mail (docs/architecture.md "Providers"): SMTP when SMTP_URL is set, otherwise a local
 * outbox of `.eml` files under DATA_DIR whose arrival is logged, with the one-time code
 * outside production, so a developer can verify an account without a mail server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_STORE_NAME } from '@vastra/contracts';
import nodemailer from 'nodemailer';
import { fillStoreName } from './mail-templates';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  /**
   * Sends one mail. `oneTimeCode`, when given, is the code inside it: only the local outbox
   * prints it to the log (outside production) so a developer can verify an account.
   * Rejects when `to` is not one plain address or when the mail cannot be delivered to the
   * SMTP server or written to the outbox.
   */
  send(message: MailMessage, options?: { oneTimeCode?: string }): Promise<void>;
  /** Closes the SMTP connections; the outbox has none. */
  close(): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

/** The outbox folder inside DATA_DIR. */
export const OUTBOX_DIR_NAME = 'outbox';

export type MailerOptions = {
  /**
   * smtp:// or smtps:// URL with optional user:pass and nodemailer options as query, e.g.
   * `smtp://127.0.0.1:2525?ignoreTLS=true` for a server without STARTTLS; unset = outbox.
   */
  smtpUrl?: string;
  /** The From header of every mail, e.g. `Vastra <no-reply@vastra.in>`. */
  from: string;
  /** Absolute DATA_DIR; the outbox is `<dataDir>/outbox`. */
  dataDir: string;
  /** NODE_ENV: in 'production' the outbox never logs one-time codes. */
  env: string;
  logger: { info(obj: object, msg?: string): void };
  /** The store's name in force (store settings), put in every mail at sending; default DEFAULT_STORE_NAME. */
  storeName?: () => Promise<string>;
};

// One recipient and nothing else: a comma or angle bracket smuggled into an address would
// otherwise send a one-time code to a second mailbox.
const SINGLE_ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+$/;

function checkRecipient(to: string): void {
  if (!SINGLE_ADDRESS.test(to)) throw new Error('Mail recipient must be one plain email address');
}

/** `asha@example.com` → `a***@example.com`: enough to tell mails apart in a log, not to read the address. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, Math.min(1, at))}***${address.slice(at)}`;
}

/** Only the fields of MailMessage reach nodemailer: no From, attachments or headers from the caller. */
function mailFields({ to, subject, text, html }: MailMessage, from: string) {
  return { from, to, subject, text, html };
}

let outboxCounter = 0;

/**
 * `20250614T101530123Z-000042-9f2c1a7b.eml`: the UTC time to the millisecond, then a
 * process-local counter so that mails of the same millisecond still sort in the order they
 * were written, then random hex so that two processes sharing a DATA_DIR never collide.
 */
function outboxFileName(): string {
  const time = new Date().toISOString().replace(/[-:.]/g, '');
  outboxCounter = (outboxCounter + 1) % 1_000_000;
  return `${time}-${String(outboxCounter).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

function smtpMailer({ smtpUrl, from, logger }: MailerOptions & { smtpUrl: string }): Mailer {
  // Query options in the URL win over these; the defaults of nodemailer (2 minutes to connect,
  // 10 to go idle) would keep a sign-up request hanging long after the shopper gave up.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      checkRecipient(message.to);
      await transport.sendMail(mailFields(message, from));
      logger.info({ to: maskAddress(message.to), subject: message.subject }, 'Mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer({ from, dataDir, env, logger }: MailerOptions): Mailer {
  const dir = path.join(dataDir, OUTBOX_DIR_NAME);
  // 'windows' newlines: RFC 5322 lines end in CRLF, as a real mail client would save them.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message, options) {
      checkRecipient(message.to);
      const { message: eml } = await transport.sendMail(mailFields(message, from));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName());
      // Written aside and renamed, so a reader of the outbox never sees half a mail.
      const partial = path.join(dir, `.${path.basename(file)}.tmp`);
      await fs.writeFile(partial, eml as Buffer);
      await fs.rename(partial, file);
      const oneTimeCode = env === 'production' ? undefined : options?.oneTimeCode;
      logger.info(
        { to: message.to, subject: message.subject, ...(oneTimeCode ? { oneTimeCode } : {}), file },
        'Mail saved to the outbox',
      );
    },
    async close() {},
  };
}

/**
 * The mailer of the configuration: SMTP when `smtpUrl` is set, else the local outbox
 * (`<dataDir>/outbox/<time>-<counter>-<random>.eml`, complete RFC 5322 mails that sort in
 * the order they were written). Every mail is sent with `from` and both a text and an HTML part,
 * the store's name (`storeName`, read at sending) in place of the templates' STORE.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const mailer = opts.smtpUrl ? smtpMailer({ ...opts, smtpUrl: opts.smtpUrl }) : outboxMailer(opts);
  const storeName = opts.storeName ?? (async () => DEFAULT_STORE_NAME);
  return {
    kind: mailer.kind,
    close: () => mailer.close(),
    send: async (message, options) => {
      // A mail still goes when the settings cannot be read, under the default name.
      const name = await storeName().catch(() => DEFAULT_STORE_NAME);
      return mailer.send(fillStoreName(message, name), options);
    },
  };
}
