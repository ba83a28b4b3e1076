/**
 * The coupons module's job (lib/module.ts): mails a new gift card's code to its recipient. The
 * payload holds the card's id and the recipient, never the code (read again when it runs).
 */
import type { JobDefinition } from '../../lib/module';

/** The job that mails a new gift card's code. */
export const GIFT_CARD_MAIL_JOB = 'mail-gift-card';
export type GiftCardMailJob = { giftCardId: string; recipient: { email: string; name: string; message: string } };

/** The jobs of the coupons module over GiftCardAdmin's mail. */
export function couponsJobs(giftCards: { mailCard(job: GiftCardMailJob): Promise<void> }): JobDefinition[] {
  return [{ name: GIFT_CARD_MAIL_JOB, handler: (job: GiftCardMailJob) => giftCards.mailCard(job) }];
}
