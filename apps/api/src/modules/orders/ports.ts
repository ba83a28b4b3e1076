/**
 * What the orders module needs from its neighbours, as the few methods it calls: taxes,
 * coupons, gift cards, store credit, payments and the address book. The orders service depends on these
 * narrow shapes (tests and app.ts pass the real services); every method that takes `db`
 * runs inside the order's transaction. Money in integer paise.
 */
import type { Address, ReturnRequest } from '@vastra/contracts';
import type { AddressBookService } from '../addresses/service';
import type { GiftCardService } from '../coupons';
import type { CouponService } from '../coupons/service';
import type { PaymentService } from '../payments/service';
import type { WalletService } from '../wallet/service';
import type { OrderItemRow, OrderRow } from './tables';

/** The India Post check of a shipping address: the address as stored and its GST state code. */
export type ShippingAddressCheck = (address: Address) => { address: Address; stateCode: string };

export type CouponRules = Pick<CouponService, 'quote' | 'redeem' | 'release'>;
export type GiftCardLedger = Pick<GiftCardService, 'hold' | 'release'>;
export type PaymentGateway = Pick<
  PaymentService,
  'start' | 'refresh' | 'fail' | 'requestRefund' | 'submitRefund' | 'refundsOf'
>;
export type AddressBook = Pick<AddressBookService, 'add'>;
/** The shopper's store credit (modules/wallet): spent by an order, given back when it is cancelled or not paid. */
export type StoreCredit = Pick<WalletService, 'lockForSpend' | 'debitOrder' | 'reverseOrder' | 'credit'>;

/** What the returns module tells the order view of one order. */
/** Whether a line's category may be returned, how many pieces may still be returned now, and how many were returned and refunded. */
export type LineReturns = { returnable: boolean; returnableQuantity: number; returnedQuantity: number };

export type ReturnSummary = {
  /** The latest return request of the order (public shape), or null. */
  returnRequest: ReturnRequest | null;
  /** Per order item id. */
  items: Map<string, LineReturns>;
  /** Whether the shopper may ask for a return now. */
  canReturn: boolean;
  /** End of the return window (ISO), or null before delivery. */
  returnableUntil: string | null;
};

/**
 * The returns module's view of orders, given to the orders module when it is built (the
 * returns module's ReturnSummaries, which needs nothing of orders). One call per page of orders.
 */
export type ReturnsView = {
  summariesOf(orders: OrderRow[], items: OrderItemRow[]): Promise<Map<string, ReturnSummary>>;
};
