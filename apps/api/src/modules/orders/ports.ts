/**
 * What the orders module needs from its neighbours, as the few methods it calls: taxes,
 * coupons, gift cards, payments and the address book. The orders service depends on these
 * narrow shapes (tests and app.ts pass the real services); every method that takes `db`
 * runs inside the order's transaction. Money in integer paise.
 */
import type { Address, ReturnRequest } from '@vastra/contracts';
import type { AddressBookService } from '../addresses/service';
import type { GiftCardService } from '../coupons/gift-cards';
import type { CouponService } from '../coupons/service';
import type { PaymentService } from '../payments/service';
import type { TaxService } from '../taxes/service';
import type { OrderItemRow, OrderRow } from './tables';

/** The India Post check of a shipping address: the address as stored and its GST state code. */
export type ShippingAddressCheck = (address: Address) => { address: Address; stateCode: string };

export type TaxQuoter = Pick<TaxService, 'quote'>;
export type CouponRules = Pick<CouponService, 'quote' | 'redeem' | 'release'>;
export type GiftCardLedger = Pick<GiftCardService, 'hold' | 'release'>;
export type PaymentGateway = Pick<PaymentService, 'onStatusChange' | 'start' | 'refresh' | 'fail'>;
export type AddressBook = Pick<AddressBookService, 'add'>;

/** What the returns module tells the order view about one order (see ReturnsView). */
export type ReturnSummary = {
  returnRequest: ReturnRequest | null;
  items: Map<string, { returnable: boolean; returnableQuantity: number }>;
  canReturn: boolean;
  returnableUntil: string | null;
};

/** The returns module's part of the order view, registered with `OrdersService.useReturns`. */
export type ReturnsView = {
  /**
   * For each order id: the latest return request (public shape) or null, per order item how
   * many may still be returned now and whether its category is returnable, whether a return
   * may be asked now, and the end of the window.
   */
  summariesOf(orders: OrderRow[], items: OrderItemRow[]): Promise<Map<string, ReturnSummary>>;
};
