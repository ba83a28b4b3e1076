/**
 * The unsubscribe link of the alert mails (docs/shopper-features.md "Alerts"): a signed link naming
 * the user (lib/purpose-tokens.ts), so it works without a login, for 90 days.
 */
import { PurposeTokens } from '../../lib/purpose-tokens';

/** How long a mailed link works, in days: a shopper may act on a mail weeks later. */
const VALID_DAYS = 90;

export class UnsubscribeTokens {
  private readonly tokens: PurposeTokens;

  constructor(secret: Uint8Array) {
    this.tokens = new PurposeTokens(secret, { audience: 'vastra-alerts', purpose: 'alerts-unsubscribe' });
  }

  /** A signed token that lets its holder stop `userId`'s alert mails. */
  sign(userId: string, now = new Date()): Promise<string> {
    return this.tokens.sign(userId, new Date(now.getTime() + VALID_DAYS * 86_400_000), now);
  }

  /** The user a token names, or null when it is forged, altered, expired or for another purpose. */
  userOf(token: string): Promise<string | null> {
    return this.tokens.subjectOf(token);
  }
}
