/**
 * The one response envelope of the API: `{ success, message?, data }`; errors are
 * `{ success: false, message }` (docs/architecture.md, "Responses").
 */
import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

/** A success that only says what happened: `{ success: true, message }`. */
export const messageEnvelopeSchema = z.object({ success: z.literal(true), message: z.string() });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { success: true; message?: string; data: T };
