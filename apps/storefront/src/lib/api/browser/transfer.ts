import type { Download } from './client';
import { browserClient, type Mutation } from './mutate';

/**
 * The two calls that are neither JSON writes nor reads (mutate.ts `browserClient`), with the
 * write helper's errors: a multipart upload with its progress (a return's photos, a review's
 * photos) and a file download (an invoice PDF). Same client, cookie and 401 handler as
 * `mutate`; a failure throws MutationError with the API's message, else the call's
 * behaviour.md §8 text (also when the API cannot be reached or times out).
 */

/**
 * POSTs `form` (multipart) to `path` of the API at `apiUrl`; `onProgress` gets the share of the
 * body sent, 0 to 1. Resolves to the envelope's data and message.
 */
export async function upload<T>(
  apiUrl: string,
  path: string,
  form: FormData,
  { fallback, onProgress = () => {} }: { fallback: string; onProgress?: (share: number) => void },
): Promise<Mutation<T>> {
  try {
    const answer = await (await browserClient(apiUrl)).upload<T>(path, form, onProgress);
    return { data: answer.data, message: answer.message };
  } catch (error) {
    throw (await import('./mutate-request')).failure(error, fallback);
  }
}

/** GETs the file at `path` of the API at `apiUrl`: its bytes and the name the API offers (null if none). */
export async function download(apiUrl: string, path: string, { fallback }: { fallback: string }): Promise<Download> {
  try {
    return await (await browserClient(apiUrl)).download(path);
  } catch (error) {
    throw (await import('./mutate-request')).failure(error, fallback);
  }
}

/** Saves a downloaded file under its name (a link click with `download`, which every browser honours). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
