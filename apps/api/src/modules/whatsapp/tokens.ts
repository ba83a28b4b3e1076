/**
 * The confirmation link of a held cash on delivery order (docs/behaviour.md "COD
 * confirmation"): a signed link naming the order (lib/purpose-tokens.ts), so it works without a
 * login. It lasts as long as the order may wait.
 */
import { PurposeTokens } from '../../lib/purpose-tokens';

export class CodConfirmTokens {
  private readonly tokens: PurposeTokens;

  constructor(secret: Uint8Array) {
    this.tokens = new PurposeTokens(secret, { audience: 'vastra-cod-confirmation', purpose: 'cod-confirm' });
  }

  /** A signed token that lets its holder confirm order `orderId` until `expiresAt`. */
  sign(orderId: string, expiresAt: Date, now = new Date()): Promise<string> {
    return this.tokens.sign(orderId, expiresAt, now);
  }

  /** The order a token names, or null when it is forged, altered, expired or for another purpose. */
  orderOf(token: string): Promise<string | null> {
    return this.tokens.subjectOf(token);
  }
}
