/** Small HTTP helpers of the /store routes: Medusa's query arrays, sorted lists for keys, JSON text sent as it is. */
import type { FastifyReply } from 'fastify';

/** Sends JSON text as it is: a string with a JSON content type goes past the route's serializer. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A list's values in one order, so that `id=a&id=b` and `id=b&id=a` share a kept answer. */
export const sorted = (values: string[] | undefined) => (values ? [...values].sort() : null);

/**
 * Medusa's SDK sends arrays as `id[0]=a&id[1]=b` (the `qs` format), which Fastify's query
 * parser keeps as separate keys: fold them into `id: ['a', 'b']`.
 */
export function foldBracketArrays(query: Record<string, unknown>): Record<string, unknown> {
  const folded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = /^([^[\]]+)\[\d*\]$/.exec(key)?.[1];
    if (!name) {
      folded[key] = value;
      continue;
    }
    const before = folded[name];
    folded[name] = [...(before === undefined ? [] : [before].flat()), ...[value].flat()];
  }
  return folded;
}
