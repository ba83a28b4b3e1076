/**
 * Telling the courier what a shopper answered to a failed delivery attempt (NDR), behind one
 * interface: Shiprocket's "Action NDR" (POST /ndr/{awb}/action with { action: "re-attempt",
 * comments, phone? }, answered 202 { status }) when SHIPPING_PROVIDER=shiprocket, else a
 * development outbox (DATA_DIR/courier-outbox, one JSON file per request) for the store to
 * pass on by hand.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ShiprocketClient } from './shiprocket-client';

/** What goes to the courier: Shiprocket's field names. */
export type NdrAction = { action: 're-attempt'; comments: string; phone?: string };

export interface NdrActions {
  /** Sends the action for the AWB. Throws when the courier refuses it or cannot be reached. */
  send(awb: string, action: NdrAction): Promise<void>;
}

const actionAnswer = z.looseObject({ status: z.unknown().optional() });

export class ShiprocketNdrActions implements NdrActions {
  constructor(private readonly client: ShiprocketClient) {}

  async send(awb: string, action: NdrAction): Promise<void> {
    await this.client.post(`/ndr/${encodeURIComponent(awb)}/action`, action, actionAnswer);
  }
}

/** Development: each request saved as DATA_DIR/courier-outbox/<time>-<awb>.json (the AWB only in the log). */
export class OutboxNdrActions implements NdrActions {
  constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(awb: string, action: NdrAction): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${awb.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
    await writeFile(file, JSON.stringify({ awb, ...action }, null, 2));
    this.log.info({ awb, file: path.basename(file) }, 'NDR action saved to the courier outbox');
  }
}
