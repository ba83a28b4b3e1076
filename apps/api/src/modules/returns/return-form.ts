/**
 * Reads the multipart form of POST /orders/{id}/return and /partial-return: `reason`,
 * `comment`, `refundTo` (`wallet` or `original`, behaviour.md "Store credit"), for a partial return `items` (JSON `[{orderItemId, quantity}]`), and up to
 * MAX_RETURN_FILES `files` whose type is sniffed from their bytes (RETURN_FILE_TYPES).
 * Throws ValidationError (fields, a file of another type, too many files) and
 * PayloadTooLargeError (a file over MAX_RETURN_FILE_BYTES).
 */
import {
  MAX_RETURN_FILE_BYTES,
  MAX_RETURN_FILES,
  ORDER_MESSAGES,
  RETURN_FILE_TYPES,
  partialReturnItemsSchema,
  returnFieldsSchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { shopperMessage } from '../../lib/error-handler';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../files';
import type { ReturnInput, ReturnUpload } from './types';

const TEXT_FIELDS = new Set(['reason', 'comment', 'items', 'refundTo']);
const codeOf = (err: unknown) => (err as { code?: string }).code;

function parse<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => issue.message);
  throw new ValidationError(shopperMessage(messages) ?? `Invalid ${what}: ${messages.join('; ')}`);
}

async function readFile(body: Buffer): Promise<ReturnUpload> {
  const type = await detectFileType(body);
  if (!type || !(RETURN_FILE_TYPES as readonly string[]).includes(type.mime)) {
    throw new ValidationError(ORDER_MESSAGES.returnFileType);
  }
  return { body, mime: type.mime, ext: type.ext };
}

/** The return form; `partial` requires the `items` field, a full return ignores none and takes none. */
export async function readReturnForm(request: FastifyRequest, partial: boolean): Promise<ReturnInput> {
  if (!request.isMultipart()) throw new ValidationError('Send the return as a multipart form.');
  const fields: Record<string, string> = {};
  const files: ReturnUpload[] = [];
  try {
    for await (const part of request.parts({
      // One file over the limit is read so that it can be refused with the shopper's message.
      limits: { fileSize: MAX_RETURN_FILE_BYTES, files: MAX_RETURN_FILES + 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new ValidationError(`Unknown file field: ${part.fieldname}.`);
        const body = await part.toBuffer();
        // A file input left empty still sends a part with no bytes.
        if (body.length === 0) continue;
        if (files.length === MAX_RETURN_FILES) throw new ValidationError(ORDER_MESSAGES.returnTooManyFiles);
        files.push(await readFile(body));
      } else {
        if (!TEXT_FIELDS.has(part.fieldname)) throw new ValidationError(`Unknown form field: ${part.fieldname}.`);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(ORDER_MESSAGES.returnFileTooLarge);
    if (codeOf(err) === 'FST_FILES_LIMIT') throw new ValidationError(ORDER_MESSAGES.returnTooManyFiles);
    throw err;
  }
  const { reason, comment, refundTo } = parse(
    returnFieldsSchema,
    { reason: fields.reason, comment: fields.comment || undefined, refundTo: fields.refundTo || undefined },
    'return',
  );
  if (!partial) return { reason, comment, refundTo, files };
  let items: unknown;
  try {
    items = JSON.parse(fields.items ?? '[]');
  } catch {
    throw new ValidationError(ORDER_MESSAGES.returnItemsRequired);
  }
  return { reason, comment, refundTo, files, items: parse(partialReturnItemsSchema, items, 'items') };
}
