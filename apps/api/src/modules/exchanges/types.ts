/**
 * The exchanges module's shapes (behaviour.md "Exchanges"): what it needs of other modules and a
 * shopper's exchange as asked for. Money in paise.
 */
import type { ReturnReason } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CatalogService, InventoryService } from '../catalog';
import type { FileStore, UploadService } from '../files';
import type { InvoiceService } from '../invoices';
import type { OrdersService } from '../orders';
import type { ReturnSummaries } from '../returns';
import type { WalletService } from '../wallet';

export type ExchangesDeps = {
  db: Db;
  orders: Pick<OrdersService, 'ownRowForUpdate' | 'items' | 'orderNumbers' | 'findRef'>;
  /** The product's sizes and colours with their prices and stock, for the picker. */
  catalog: Pick<CatalogService, 'getProduct'>;
  /** Holds the replacement's stock from the request; takes back what is released or returned. */
  inventory: Pick<InventoryService, 'reserve' | 'recordOrdered' | 'release'>;
  /** The price difference: a higher price paid from the store credit, a lower one given back to it. */
  wallet: Pick<WalletService, 'debitFor' | 'credit'>;
  /** The return window, the returnable categories and what is being returned: an exchange follows the return rules. */
  summaries: Pick<ReturnSummaries, 'checkWindow' | 'returnableFlags' | 'windowDays' | 'summariesOf'>;
  /** GST documents of an exchange whose price differs, from the store's number series. */
  invoices: Pick<InvoiceService, 'issue'>;
  files: FileStore;
  uploads: Pick<UploadService, 'save' | 'remove'>;
  log: FastifyBaseLogger;
  options: { publicUrl: string };
};

/** A sniffed photo sent with an exchange. */
export type ExchangeUpload = { body: Buffer; mime: string; ext: string };

export type ExchangeInput = {
  orderItemId: string;
  /** The replacement size or colour (a variant of the line's product). */
  variantId: string;
  reason: ReturnReason;
  comment?: string;
  files: ExchangeUpload[];
};
