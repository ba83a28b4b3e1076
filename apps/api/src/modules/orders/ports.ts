/**
 * What the orders module needs from its neighbours, as the few methods it calls: taxes,
 * coupons, gift cards, payments and the address book. The orders service depends on these
 * narrow shapes (tests and app.ts pass the real services); every method that takes `db`
 * runs inside the order's transaction. Money in integer paise.
 */
import type { Address } from '@vastra/contracts';
import type { AddressBookService } from '../addresses/service';
import type { GiftCardService } from '../coupons/gift-cards';
import type { CouponService } from '../coupons/service';
import type { PaymentService } from '../payments/service';
import type { TaxService } from '../taxes/service';

/** The India Post check of a shipping address: the address as stored and its GST state code. */
export type ShippingAddressCheck = (address: Address) => { address: Address; stateCode: string };

export type TaxQuoter = Pick<TaxService, 'quote'>;
export type CouponRules = Pick<CouponService, 'quote' | 'redeem' | 'release'>;
export type GiftCardLedger = Pick<GiftCardService, 'hold' | 'release'>;
export type PaymentGateway = Pick<PaymentService, 'onStatusChange' | 'start' | 'refresh' | 'fail'>;
export type AddressBook = Pick<AddressBookService, 'add'>;
