/**
 * The unsubscribe link of the cart reminders (docs/behaviour.md "Cart reminders"): a signed link
 * naming the user (lib/purpose-tokens.ts), so it works without a login, for 90 days. Its own
 * audience keeps an alerts link from passing for one, and one from passing for it.
 */
import { PurposeTokens } from '../../lib/purpose-tokens';

/** How long a mailed link works, in days: a shopper may act on a mail weeks later. */
const VALID_DAYS = 90;

export class ReminderUnsubscribeTokens {
  private readonly tokens: PurposeTokens;

  constructor(secret: Uint8Array) {
    this.tokens = new PurposeTokens(secret, {
      audience: 'vastra-cart-reminders',
      purpose: 'cart-reminders-unsubscribe',
    });
  }

  /** A signed token that lets its holder stop `userId`'s cart reminders. */
  sign(userId: string, now = new Date()): Promise<string> {
    return this.tokens.sign(userId, new Date(now.getTime() + VALID_DAYS * 86_400_000), now);
  }

  /** The user a token names, or null when it is forged, altered, expired or for another purpose. */
  userOf(token: string): Promise<string | null> {
    return this.tokens.subjectOf(token);
  }
}
