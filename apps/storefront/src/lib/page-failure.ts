import { CATALOG_MESSAGES } from '@vastra/contracts';
import { unstable_rethrow } from 'next/navigation';

/**
 * Which read of a server-rendered page failed, so that its error boundary says the behaviour.md §8
 * text of that read. A server component's error reaches the browser's error boundary without
 * its message in production, only with its `digest`; Next keeps a digest the error already has,
 * so the read is named there (`vastra-read-failed:<read>`).
 */
export const FAILED_READ_MESSAGES = {
  categories: CATALOG_MESSAGES.categories,
  collections: CATALOG_MESSAGES.collections,
  search: CATALOG_MESSAGES.search,
} as const;

export type PageRead = keyof typeof FAILED_READ_MESSAGES;

const DIGEST_PREFIX = 'vastra-read-failed:';

/** A page's read that failed; `digest` names the read, `cause` is the API's error (for the server log). */
export class PageReadFailed extends Error {
  readonly digest: string;

  constructor(
    readonly read: PageRead,
    options?: { cause?: unknown },
  ) {
    super(FAILED_READ_MESSAGES[read], options);
    this.name = 'PageReadFailed';
    this.digest = `${DIGEST_PREFIX}${read}`;
  }
}

/**
 * Awaits a page's read; when it fails, throws PageReadFailed naming it. Next's own signals
 * (notFound, redirect, a dynamic render's bail-out) pass through unchanged.
 */
export async function readOrFail<T>(read: PageRead, pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    unstable_rethrow(error);
    throw new PageReadFailed(read, { cause: error });
  }
}

/**
 * The behaviour.md §8 text an error boundary shows for `error`: that of the read its digest
 * names, else `fallback` (the page's own read).
 */
export function failedReadMessage(error: unknown, fallback: string): string {
  const digest =
    error && typeof error === 'object' && 'digest' in error && typeof error.digest === 'string' ? error.digest : '';
  if (!digest.startsWith(DIGEST_PREFIX)) return fallback;
  const read = digest.slice(DIGEST_PREFIX.length);
  return isPageRead(read) ? FAILED_READ_MESSAGES[read] : fallback;
}

const isPageRead = (read: string): read is PageRead => Object.hasOwn(FAILED_READ_MESSAGES, read);
