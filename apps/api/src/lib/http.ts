/**
 * The response envelope of docs/architecture.md: every success is `{ success: true, message?, data }`.
 */
import { errorEnvelopeSchema, type Envelope } from '@vastra/contracts';

export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** A success with nothing to return but what happened. */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

/** The error answers a route may give, for its response schema: `{ 400: errorEnvelope, … }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}
