/**
 * Reads POST /reviews: JSON `{productId, rating, title, body, fit?}`, or the same fields as a
 * multipart form with up to REVIEW_PHOTOS_MAX `photos` (JPEG, PNG or WebP by content, at most
 * REVIEW_PHOTO_MAX_BYTES each). Throws ValidationError for invalid fields, unknown parts, a
 * photo that is not an image or too many photos; PayloadTooLargeError for a photo over 5 MB.
 */
import {
  REVIEW_MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TYPES,
  REVIEW_PHOTOS_MAX,
  postReviewBodySchema,
  type PostReviewBody,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import { shopperMessage } from '../../lib/error-handler';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../files';

export type ReviewPhoto = { body: Buffer; ext: string; mime: string };
export type ReviewForm = { review: PostReviewBody; photos: ReviewPhoto[] };

const TEXT_FIELDS = new Set(['productId', 'rating', 'title', 'body', 'fit']);

function parseFields(input: unknown): PostReviewBody {
  const parsed = postReviewBodySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => issue.message);
  throw new ValidationError(shopperMessage(messages) ?? `Invalid review: ${messages.join('; ')}`);
}

async function readPhoto(body: Buffer): Promise<ReviewPhoto> {
  const type = await detectFileType(body);
  if (!type || !(REVIEW_PHOTO_TYPES as readonly string[]).includes(type.mime)) {
    throw new ValidationError(REVIEW_MESSAGES.photoType);
  }
  return { body, ext: type.ext, mime: type.mime };
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

export async function readReviewForm(request: FastifyRequest): Promise<ReviewForm> {
  if (!request.isMultipart()) return { review: parseFields(request.body ?? {}), photos: [] };
  const fields: Record<string, string> = {};
  const photos: ReviewPhoto[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: REVIEW_PHOTO_MAX_BYTES, files: REVIEW_PHOTOS_MAX + 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') throw new ValidationError(`Unknown file field: ${part.fieldname}.`);
        const body = await part.toBuffer();
        // A file input left empty still sends a part with no bytes.
        if (body.length === 0) continue;
        if (photos.length === REVIEW_PHOTOS_MAX) throw new ValidationError(REVIEW_MESSAGES.tooManyPhotos);
        photos.push(await readPhoto(body));
      } else {
        if (!TEXT_FIELDS.has(part.fieldname)) throw new ValidationError(`Unknown form field: ${part.fieldname}.`);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(REVIEW_MESSAGES.photoTooLarge);
    if (codeOf(err) === 'FST_FILES_LIMIT') throw new ValidationError(REVIEW_MESSAGES.tooManyPhotos);
    throw err;
  }
  return { review: parseFields(fields), photos };
}
