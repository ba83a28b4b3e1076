/**
 * The returns module's shapes (behaviour.md §3 Order returnRequest, §7 returns): what it needs of
 * other modules, a shopper's return as asked for, and a returned line on the credit note.
 * Money in paise.
 */
import type { RefundDestination, ReturnReason } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { InventoryService } from '../catalog';
import type { GiftCardService } from '../coupons';
import type { FileStore, UploadService } from '../files';
import type { OrdersService } from '../orders';
import type { PaymentService } from '../payments/service';
import type { WalletService } from '../wallet';
import type { ReturnSummaries } from './summaries';

/** What returns need of the orders module. */
export type OrdersPort = Pick<
  OrdersService,
  'transition' | 'findRef' | 'ownRowForUpdate' | 'getById' | 'items' | 'notify' | 'orderNumbers' | 'storeStepDone'
>;

export type ReturnsDeps = {
  db: Db;
  orders: OrdersPort;
  payments: Pick<PaymentService, 'requestRefund' | 'submitRefund'>;
  giftCards: Pick<GiftCardService, 'refund'>;
  /** The shopper's store credit: a return's share of the order's store credit part, and refunds the shopper sends there. */
  wallet: Pick<WalletService, 'refundOrderPart' | 'credit'>;
  /** Puts picked-up pieces back in stock when the store chooses to. */
  inventory: Pick<InventoryService, 'release'>;
  /** The return window and the returnable categories (built before orders, shared with them). */
  summaries: Pick<ReturnSummaries, 'checkWindow' | 'returnableFlags' | 'windowDays' | 'exchangedLines'>;
  /** Reads the stored evidence. */
  files: FileStore;
  /** Stores the evidence: photos re-encoded, within the shopper's upload quota. */
  uploads: Pick<UploadService, 'save' | 'remove'>;
  log: FastifyBaseLogger;
  options: {
    windowDays: number;
    /** Category slugs never returnable, with everything below them. */
    nonReturnableCategories: string[];
    /** The API's public base URL (file and credit note links). */
    publicUrl: string;
    /** Turns a stored media path into an absolute URL. */
    mediaUrl: (path: string) => string;
  };
};

/** A sniffed upload of a return: bytes, MIME type and extension from its magic numbers. */
export type ReturnUpload = { body: Buffer; mime: string; ext: string };

export type ReturnInput = {
  reason: ReturnReason;
  comment?: string;
  /** Where the refund goes; default the store credit for cash on delivery, else the way it was paid. */
  refundTo?: RefundDestination;
  /** Partial return: these lines and quantities; absent for a full return. */
  items?: { orderItemId: string; quantity: number }[];
  files: ReturnUpload[];
};

/** One returned line for the credit note, in paise. */
export type CreditNoteLine = {
  name: string;
  hsnCode: string;
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  refundPaise: number;
  taxRateBasisPoints: number;
  /** A delivery charge or COD fee given back, not goods (counts no quantity in the HSN summary). */
  charge?: true;
};
