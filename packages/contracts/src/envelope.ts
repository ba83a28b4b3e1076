/**
 * The one response envelope of the API: `{ success, message?, data }`; errors are
 * `{ success: false, message }` (architecture.md, "Responses").
 */
import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { success: true; message?: string; data: T };
