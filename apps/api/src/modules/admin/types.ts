/**
 * What the admin API needs of the other modules: their services, never their tables. Each route
 * plugin takes only the ones it uses (`Pick<AdminDeps, …>`).
 */
import type { AdminCatalogQueries, CatalogImports, HomepageEditor, InventoryService, ProductEditor } from '../catalog';
import type { CouponAdmin, GiftCardAdmin } from '../coupons';
import type { InvoiceService } from '../invoices';
import type { AdminOrderQueries, OrdersService } from '../orders';
import type { PaymentService } from '../payments';
import type { ReturnsAdmin, ReturnsService } from '../returns';
import type { AdminNotes } from '../staff';
import type { AuthService } from '../auth';
import type { AddressBookService } from '../addresses';
import type { ReviewsService } from '../reviews';
import type { Customers } from '../users';
import type { Db } from '../../db/client';

export type AdminDeps = {
  db: Db;
  orders: OrdersService;
  orderQueries: AdminOrderQueries;
  returns: ReturnsService;
  returnsAdmin: ReturnsAdmin;
  payments: PaymentService;
  inventory: InventoryService;
  catalogQueries: AdminCatalogQueries;
  productEditor: ProductEditor;
  catalogImports: CatalogImports;
  homepageEditor: HomepageEditor;
  invoices: InvoiceService;
  notes: AdminNotes;
  customers: Customers;
  auth: AuthService;
  addressBook: AddressBookService;
  reviews: ReviewsService;
  couponAdmin: CouponAdmin;
  giftCardAdmin: GiftCardAdmin;
  /** The store's low-stock threshold in pieces (admin settings). */
  lowStockThreshold: () => Promise<number>;
};
