/**
 * A real SMTP server for tests: smtp-server on 127.0.0.1 and a free port, every message
 * parsed with mailparser. Pass `url` as SMTP_URL (or to `createMailer`) and read what arrived.
 * `hold()` makes it a slow server: it reads each message but answers only on `release()`;
 * `refuseNext(n)` a failing one: it answers the next n messages with a temporary error (451).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>?ignoreTLS=true`: plain SMTP, as the server offers no STARTTLS. */
  url: string;
  /** Every mail received, oldest first. */
  mails: ParsedMail[];
  /**
   * The oldest mail to `to` (an SMTP recipient, case-insensitive) not yet returned by an
   * earlier call, waiting for it to arrive if need be; rejects after `timeoutMs` (5000).
   * So a test that waits once per mail it caused gets each mail once, in order.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** From now on, read each message but keep the sender waiting for the answer until `release()`. */
  hold(): void;
  /** Resolves once a message has been read and is being held unanswered (at once if one is). */
  holding(): Promise<void>;
  /** Accepts every held message (they join `mails` then) and stops holding. */
  release(): void;
  /** Refuses the next `count` messages with 451 (a temporary failure; nothing is kept). */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

type Received = { mail: ParsedMail; recipients: string[]; taken: boolean };

/** Starts the server; call `close()` in `after()`. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: Received[] = [];
  const mails: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let holdMail = false;
  let refusing = 0;
  const held: (() => void)[] = [];
  const holdWaiters: (() => void)[] = [];

  const server = new SMTPServer({
    // smtp-server's built-in certificate has expired, so tests speak plain SMTP.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      if (refusing > 0) {
        refusing -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          const accept = () => {
            const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            received.push({ mail, recipients, taken: false });
            mails.push(mail);
            for (const wake of waiters) wake();
            callback();
          };
          if (!holdMail) return accept();
          held.push(accept);
          for (const wake of holdWaiters.splice(0)) wake();
        },
        (err: Error) => callback(err),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  function take(to: string): ParsedMail | undefined {
    const entry = received.find((r) => !r.taken && r.recipients.includes(to));
    if (!entry) return undefined;
    entry.taken = true;
    return entry.mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      return new Promise((resolve, reject) => {
        const done = (mail: ParsedMail) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
        };
        const wake = () => {
          const mail = take(address);
          if (mail) done(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received ${mails.length} in all)`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    hold() {
      holdMail = true;
    },
    holding() {
      return held.length > 0 ? Promise.resolve() : new Promise((resolve) => holdWaiters.push(resolve));
    },
    release() {
      holdMail = false;
      for (const accept of held.splice(0)) accept();
    },
    refuseNext(count) {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
