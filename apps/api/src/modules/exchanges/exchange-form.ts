/**
 * Reads the multipart form of POST /orders/{id}/exchange: `orderItemId`, `variantId`, `reason`,
 * `comment` and up to MAX_RETURN_FILES photos or videos (`files`, types sniffed from their bytes
 * as a return's). ValidationError for fields or files, PayloadTooLargeError for a file over
 * MAX_RETURN_FILE_BYTES.
 */
import {
  MAX_RETURN_FILE_BYTES,
  MAX_RETURN_FILES,
  ORDER_MESSAGES,
  RETURN_FILE_TYPES,
  exchangeFieldsSchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import { shopperMessage } from '../../lib/error-handler';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../files';
import type { ExchangeInput, ExchangeUpload } from './types';

const TEXT_FIELDS = new Set(['orderItemId', 'variantId', 'reason', 'comment']);
const codeOf = (err: unknown) => (err as { code?: string }).code;

async function readFile(body: Buffer): Promise<ExchangeUpload> {
  const type = await detectFileType(body);
  if (!type || !(RETURN_FILE_TYPES as readonly string[]).includes(type.mime)) {
    throw new ValidationError(ORDER_MESSAGES.returnFileType);
  }
  return { body, mime: type.mime, ext: type.ext };
}

export async function readExchangeForm(request: FastifyRequest): Promise<ExchangeInput> {
  if (!request.isMultipart()) throw new ValidationError('Send the exchange as a multipart form.');
  const fields: Record<string, string> = {};
  const files: ExchangeUpload[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_RETURN_FILE_BYTES, files: MAX_RETURN_FILES + 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw new ValidationError(`Unknown file field: ${part.fieldname}.`);
        const body = await part.toBuffer();
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
  const parsed = exchangeFieldsSchema.safeParse({ ...fields, comment: fields.comment || undefined });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new ValidationError(shopperMessage(messages) ?? messages.join('; '));
  }
  return { ...parsed.data, files };
}
