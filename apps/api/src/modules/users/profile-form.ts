/**
 * Reads the profile form of `PUT /auth/profile/full` (multipart): text fields name, phone, locale,
 * gender, dateOfBirth, addresses (a JSON array) and one `avatar` file. An empty string
 * clears an optional field; a form with no field and no file is empty (behaviour.md §5). The avatar is checked by its content (JPEG, PNG or WebP, at most
 * 2 MB), never by the type the browser declared.
 */
import {
  AUTH_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  profileFieldsSchema,
  type ProfileFields,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import { shopperMessage } from '../../lib/error-handler';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../files';
import type { AvatarUpload } from './service';

const TEXT_FIELDS = ['name', 'phone', 'gender', 'dateOfBirth', 'addresses', 'locale'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const CLEARABLE: readonly TextField[] = ['phone', 'gender', 'dateOfBirth'];

export type ProfileForm = { fields: ProfileFields; avatar?: AvatarUpload };

async function readAvatar(body: Buffer): Promise<AvatarUpload> {
  const type = await detectFileType(body);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) {
    throw new ValidationError(AUTH_MESSAGES.avatarType);
  }
  return { body, ext: type.ext, mime: type.mime };
}

function toFields(raw: Partial<Record<TextField, string>>): ProfileFields {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw) as [TextField, string][]) {
    if (key === 'addresses') {
      try {
        input.addresses = value.trim() === '' ? [] : JSON.parse(value);
      } catch {
        throw new ValidationError('Saved addresses could not be read. Please check them and try again.');
      }
    } else {
      input[key] = CLEARABLE.includes(key) && value.trim() === '' ? null : value;
    }
  }
  const parsed = profileFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new ValidationError(shopperMessage(messages) ?? `Invalid profile: ${messages.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Parses the request. Throws ValidationError for a form that is empty, not multipart, has
 * unknown fields or invalid values, and PayloadTooLargeError for an avatar over 2 MB.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) throw new ValidationError(AUTH_MESSAGES.noFormData);
  const raw: Partial<Record<TextField, string>> = {};
  let avatar: AvatarUpload | undefined;
  for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'avatar') throw new ValidationError(`Unknown file field: ${part.fieldname}.`);
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(AUTH_MESSAGES.avatarTooLarge);
        }
        throw err;
      }
      // A file input left empty still sends a part with no bytes.
      if (body.length > 0) avatar = await readAvatar(body);
    } else {
      if (!(TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
        throw new ValidationError(`Unknown form field: ${part.fieldname}.`);
      }
      raw[part.fieldname as TextField] = String(part.value ?? '');
    }
  }
  if (Object.keys(raw).length === 0 && !avatar) throw new ValidationError(AUTH_MESSAGES.noFormData);
  return { fields: toFields(raw), avatar };
}
