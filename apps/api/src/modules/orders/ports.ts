/**
 * What the orders module needs from its neighbours (addresses, taxes, coupons, gift cards,
 * payments, the address book), as small structural interfaces: the orders service depends
 * on these shapes, not on the other modules' classes, and app.ts passes the real services.
 * Money in integer paise. Every method that takes `db` runs inside the order's transaction.
 */
import type { Address, PaymentStatus } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { StoredTaxComponent } from './tables';

/** The India Post check of a shipping address: normalised address and its GST state code. */
export type ShippingAddressCheck = (address: Address) => { address: Address; stateCode: string };

export type TaxLineInput = {
  hsnCode: string;
  categoryId: string | null;
  unitPricePaise: number;
  quantity: number;
  discountPaise: number;
};

export type TaxedLine = {
  taxablePaise: number;
  rateBasisPoints: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
};

export type TaxQuote = {
  lines: TaxedLine[];
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
  components: StoredTaxComponent[];
  pricesIncludeTax: boolean;
};

export interface TaxQuoter {
  quote(lines: TaxLineInput[], placeOfSupply: string | null, db?: Db): Promise<TaxQuote>;
}

export type PricedLine = { productId: string; categoryId: string | null; lineSubtotalPaise: number };

export interface CouponRules {
  quote(
    code: string,
    ctx: { userId: string | null; lines: PricedLine[] },
    db?: Db,
  ): Promise<{ coupon: { id: string; code: string }; discountPaise: number; lineDiscounts: number[] }>;
  redeem(db: Db, use: { couponId: string; userId: string; orderId: string; discountPaise: number }): Promise<void>;
  release(db: Db, orderId: string): Promise<void>;
}

export interface GiftCardLedger {
  hold(
    db: Db,
    input: { code: string; orderId: string; maxPaise: number },
  ): Promise<{ giftCardId: string; code: string; amountPaise: number }>;
  release(db: Db, orderId: string): Promise<number>;
}

/**
 * Told of a payment's §4 status change inside the payment's transaction. It may return work
 * to run once that transaction has committed (e.g. the confirmation mail).
 */
export type PaymentStatusListener = (
  db: Db,
  orderId: string,
  status: PaymentStatus,
  source: string,
) => Promise<void | (() => Promise<void>)>;

export interface PaymentGateway {
  onStatusChange(listener: PaymentStatusListener): void;
  start(order: {
    id: string;
    orderNumber: string;
    gateway: 'sandbox' | 'phonepe';
    amountPaise: number;
    expiresAt: Date;
  }): Promise<{ paymentUrl: string }>;
  refresh(orderId: string): Promise<PaymentStatus>;
  fail(db: Db, orderId: string, reason: string): Promise<void>;
}

export interface AddressBook {
  add(userId: string, address: Address): Promise<unknown>;
}
