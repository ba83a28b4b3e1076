/**
 * Reading the local mail outbox in tests: the mails the API wrote to `<dataDir>/outbox`
 * (the test app's private DATA_DIR, `ctx.dataDir`), parsed, and the code inside one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { OUTBOX_DIR_NAME } from '../lib/mail';

/**
 * The paths of the finished files ending in `extension` in a local outbox folder (mails, texts),
 * oldest first; none when the folder does not exist yet. Names start with the time of writing;
 * hidden names are files still being written.
 */
export async function outboxFiles(dir: string, extension: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .filter((n) => n.endsWith(extension) && !n.startsWith('.'))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Every mail in the outbox, oldest first; none when nothing was sent yet. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const files = await outboxFiles(path.join(dataDir, OUTBOX_DIR_NAME), '.eml');
  return Promise.all(files.map(async (file) => simpleParser(await fs.readFile(file))));
}

/** The outbox mails addressed to `to` (case-insensitive), oldest first. */
export async function outboxMailsTo(dataDir: string, to: string): Promise<ParsedMail[]> {
  const address = to.toLowerCase();
  return (await readOutbox(dataDir)).filter((mail) => recipients(mail).includes(address));
}

/** The newest outbox mail addressed to `to` (case-insensitive), or undefined. */
export async function latestOutboxMail(dataDir: string, to: string): Promise<ParsedMail | undefined> {
  return (await outboxMailsTo(dataDir, to)).at(-1);
}

function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((group) => group.value).flatMap((a) => (a.address ? [a.address.toLowerCase()] : []));
}

/** The 6-digit code that stands on a line of its own in the mail's text part; throws when there is none. */
export function codeFrom(mail: ParsedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '');
  if (!match) throw new Error(`No 6-digit code in the mail "${mail.subject ?? ''}"`);
  return match[1]!;
}
