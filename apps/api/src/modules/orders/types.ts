/**
 * What the parts of the orders module share: its options, the services it is built with (each
 * seen through the port it needs, ports.ts), and the inputs of placing and moving an order.
 * Money in paise; durations in ms.
 */
import type { Address, CreateOrderBody, OnlineGateway, PaymentMethod } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { CartService } from '../cart';
import type { InventoryService } from '../catalog';
import type { PricingService } from '../pricing';
import type {
  AddressBook,
  CouponRules,
  GiftCardLedger,
  PaymentGateway,
  ReturnsView,
  ShippingAddressCheck,
  StoreCredit,
} from './ports';

export type OrdersOptions = {
  /** GST state code of the store. */
  storeState: string;
  paymentGateway: 'sandbox' | 'phonepe' | 'razorpay';
  paymentTimeoutMs: number;
  codEnabled: boolean;
  codMaxPaise: number;
  /** Online orders waiting for payment one shopper may hold at once (each holds stock). */
  maxUnpaidOrders: number;
  /** Turns a stored media path into an absolute URL. */
  mediaUrl: (path: string) => string;
  /** The storefront's address, for the order links in status mails. */
  storefrontUrl: string;
};

/** What checkout offers, read at each use (the store settings); amounts in paise. */
export type PaymentSettings = { gateways: OnlineGateway[]; codEnabled: boolean; codMaxPaise: number };

export type OrdersDeps = {
  db: Db;
  /** The gateways and cash on delivery offered now; default the options' (the environment's). */
  payment?: () => Promise<PaymentSettings>;
  /**
   * Cash on delivery orders payable above `abovePaise` are held for the shopper's confirmation
   * (null: none), cancelled after `hours` (behaviour.md "COD confirmation"); default: none held.
   */
  codConfirmation?: () => Promise<{ abovePaise: number | null; hours: number }>;
  checkAddress: ShippingAddressCheck;
  /** Whether cash on delivery is offered at a pincode (the shipping module's zone table or couriers). */
  delivery: { codAvailable(pincode: string): Promise<boolean> };
  /** The one pricing of lines, coupon and GST (modules/pricing). */
  pricing: Pick<PricingService, 'quote'>;
  coupons: CouponRules;
  giftCards: GiftCardLedger;
  wallet: StoreCredit;
  payments: PaymentGateway;
  addressBook: AddressBook;
  /** Stock of the ordered sizes: taken when an order is placed, given back when it is released. */
  inventory: Pick<InventoryService, 'reserve' | 'release' | 'recordOrdered'>;
  /** The shopper's cart: the lines an order without `items` buys, closed once ordered. */
  carts: Pick<CartService, 'activeLines' | 'closeOrderedLines'>;
  /** What the order view shows of returns (the returns module's ReturnSummaries, built first). */
  returns: ReturnsView;
  mailer: Mailer;
  /** Background jobs (lib/jobs): the order mails are jobs, queued after the commit and retried. */
  jobs: Pick<Jobs, 'send'>;
  /** Told `order.placed` and `order.status_changed` once committed (lib/events.ts). */
  events: DomainEventBus;
  /**
   * The shopper's name, email and account language for the order mails, and the lock on the account that
   * makes one shopper's order placements take turns (inside the order's transaction).
   */
  users: {
    contactOf(userId: string): Promise<{ name: string; email: string | null; locale: string } | null>;
    lock(db: Db, userId: string): Promise<{ blockedAt: Date | null } | undefined>;
  };
  log: FastifyBaseLogger;
  /** Counts each order created, by payment method (modules/metrics). */
  metrics: { orderPlaced(paymentMethod: string): void };
  options: OrdersOptions;
};

/** What a lifecycle step records besides the status. */
export type TransitionInput = {
  /** Who made the change: shopper, system, operator, or a gateway. */
  actor: string;
  note?: string | null;
  /** Required for `shipped`: the courier and its AWB, optionally a tracking URL and the expected delivery. */
  shipment?: { courier: string; awb: string; trackingUrl?: string | null; estimatedDeliveryAt?: Date | null };
  /** For `cancelled`: the shopper's reason. */
  cancelReason?: string;
  /** For `cancelled` of a shipped order: the cash on delivery parcel was refused at the door. */
  refusedAtDoor?: boolean;
};

export type CreateOrderInput = Omit<CreateOrderBody, 'saveAddress' | 'buyerGstin' | 'buyerBusinessName'> & {
  saveAddress?: boolean;
  shippingAddress: Address;
  /** A business buyer's GSTIN (checked by the contracts' gstinSchema) and name; both or neither. */
  buyerGstin?: string | null;
  buyerBusinessName?: string | null;
};

/** Gateways paid online, through a payment page; COD is paid to the courier. */
export const ONLINE_GATEWAYS: ReadonlySet<PaymentMethod> = new Set<PaymentMethod>(['sandbox', 'phonepe', 'razorpay']);

/** The steps the store takes with an order (the admin API's steps), before any return. */
export const OPERATOR_STEPS = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'] as const;
export type OperatorStep = (typeof OPERATOR_STEPS)[number];
