/**
 * Reading the local SMS outbox in tests (the API tests and the browser journeys): the texts the
 * API wrote to `<dataDir>/sms-outbox`, and the code inside one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { SMS_OUTBOX_DIR_NAME } from '../modules/sms';
import { outboxFiles } from './outbox';

export type OutboxSms = { phone: string; text: string };

/** Every text in the outbox, oldest first; none when nothing was sent yet. */
export async function readSmsOutbox(dataDir: string): Promise<OutboxSms[]> {
  const files = await outboxFiles(path.join(dataDir, SMS_OUTBOX_DIR_NAME), '.txt');
  return Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file, 'utf8');
      const [head = '', ...body] = content.split('\n\n');
      return { phone: head.replace(/^To: \+91/, '').trim(), text: body.join('\n\n').trim() };
    }),
  );
}

/** The texts to `phone` (10 digits), oldest first. */
export async function smsTo(dataDir: string, phone: string): Promise<OutboxSms[]> {
  return (await readSmsOutbox(dataDir)).filter((sms) => sms.phone === phone);
}

/** The code of a text: the WebOTP line's (`@domain #123456`) at its end; throws when there is none. */
export function smsCode(sms: OutboxSms): string {
  const match = /#(\d{6})$/.exec(sms.text);
  if (!match) throw new Error(`No code in the SMS "${sms.text}"`);
  return match[1]!;
}

/** The code of the newest text to `phone`; throws when none came. */
export async function latestSmsCode(dataDir: string, phone: string): Promise<string> {
  const last = (await smsTo(dataDir, phone)).at(-1);
  if (!last) throw new Error(`No SMS to ${phone} in the outbox`);
  return smsCode(last);
}
