/**
 * What an upload really is, read from its bytes (magic numbers) with `file-type`; the type
 * a client declares, or the file name it sends, is never trusted.
 */
import { fileTypeFromBuffer } from 'file-type';

/**
 * The detected type of `body`, e.g. `{ mime: 'image/webp', ext: 'webp' }`, or undefined when
 * the bytes match no known binary format (plain text, HTML and SVG included). It recognises
 * many formats: callers allow-list the ones they accept.
 */
export async function detectFileType(body: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(body);
  return type && { mime: type.mime, ext: type.ext };
}
