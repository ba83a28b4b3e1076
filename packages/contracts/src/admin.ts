/**
 * Shapes of the merchant admin (`/admin/api/*`, docs/admin.md): staff roles and what each may
 * do, the sign-in and invitation bodies, the public staff record, and the messages the
 * admin shows. The API checks `ADMIN_PERMISSIONS` on every route; the admin app reads the same
 * table to hide what a role may not use.
 */
import { z } from 'zod';
import { PRODUCT_STATUSES } from './admin-catalog';
import { emailSchema, nameSchema, otpSchema, passwordSchema } from './auth';
import { productLegalSchema } from './product-legal';

/** Where the admin app lives on the API's origin, and where its API is. */
export const ADMIN_BASE_PATH = '/admin';
export const ADMIN_API_PREFIX = '/admin/api';
/** The staff session cookie: httpOnly, SameSite=Strict, Path=/admin. */
export const ADMIN_SESSION_COOKIE = 'vastra_admin';
/** Lifetime of a staff invitation (and of the first owner's set-up link), in ms: 48 h. */
export const STAFF_INVITE_TTL_MS = 48 * 60 * 60 * 1000;
/** Lifetime of a staff session, in ms: 12 h, a working day. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Recovery codes handed out when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

export const ADMIN_ROLES = ['owner', 'staff', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const EVERYONE: readonly AdminRole[] = ADMIN_ROLES;
const OPERATIONS: readonly AdminRole[] = ['owner', 'staff'];
const OWNER: readonly AdminRole[] = ['owner'];

/**
 * What each role may do. `owner`: everything; `staff`: orders, returns, refunds, the catalogue
 * and marketing (coupons, gift cards, the homepage); `support`: read orders and customers, add
 * notes, resend mails. Outgoing webhooks (they carry the store's events to other systems) and the
 * register of personal data breaches are the owner's.
 */
export const ADMIN_PERMISSIONS = {
  'dashboard.read': EVERYONE,
  'orders.read': EVERYONE,
  'orders.note': EVERYONE,
  'orders.resend': EVERYONE,
  'orders.write': OPERATIONS,
  'returns.read': EVERYONE,
  'returns.write': OPERATIONS,
  'grievances.read': EVERYONE,
  'grievances.write': OPERATIONS,
  'refunds.read': OPERATIONS,
  'refunds.write': OPERATIONS,
  'remittance.read': OPERATIONS,
  'remittance.write': OPERATIONS,
  'customers.read': EVERYONE,
  'customers.note': EVERYONE,
  'customers.block': OWNER,
  'customers.wallet': OWNER,
  'reports.read': OPERATIONS,
  'staff.manage': OWNER,
  'settings.write': OWNER,
  'audit.read': OWNER,
  'catalog.read': OPERATIONS,
  'catalog.write': OPERATIONS,
  'reviews.moderate': OPERATIONS,
  'marketing.read': OPERATIONS,
  'marketing.write': OPERATIONS,
  'webhooks.manage': OWNER,
  'breaches.manage': OWNER,
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

/** True when `role` may do `permission`. */
export function roleCan(role: AdminRole, permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly AdminRole[]).includes(role);
}

export const ADMIN_MESSAGES = {
  signInRequired: 'Please sign in to the admin.',
  notAllowed: 'Your role does not allow this.',
  incorrectCredentials: 'Incorrect email or password.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpIncorrect: 'That code is not right or was already used. Wait for the next one.',
  recoveryIncorrect: 'That recovery code is not right or was already used.',
  totpEnrolmentRequired: 'Two-factor sign-in is required. Set it up to continue.',
  totpNotStarted: 'Start the set-up first: scan the new QR code.',
  totpAlreadyOn: 'Two-factor sign-in is already on.',
  signedIn: 'Signed in',
  signedOut: 'Signed out',
  accountDisabled: 'This staff account is disabled. Ask the owner.',
  inviteNotFound: 'This invitation link is not valid.',
  inviteExpired: 'This invitation has expired. Ask the owner for a new one.',
  inviteUsed: 'This invitation has already been used.',
  inviteSent: 'Invitation sent',
  staffEmailTaken: 'A staff member with this email already exists.',
  lastOwner: 'The store needs at least one active owner.',
  passwordChanged: 'Password changed. Other sessions have been signed out.',
  originNotAllowed: 'Admin changes must come from the admin app.',
  stockBelowZero: 'Stock cannot go below zero.',
  variantNotFound: 'No such size.',
  productNotFound: 'No such product.',
  reviewNotFound: 'No such review.',
} as const;

/** A recovery code as handed out: ten letters and digits in two groups, e.g. `k7m2p-x9q4r`. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, ADMIN_MESSAGES.recoveryIncorrect);

export const staffLoginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(128),
  /** The authenticator's current code, when two-factor sign-in is on. */
  code: otpSchema.optional(),
  /** Instead of `code`: one unused recovery code. */
  recoveryCode: recoveryCodeSchema.optional(),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const adminRoleSchema = z.enum(ADMIN_ROLES);

/** A staff member as the admin API shows them (no password, secret or codes). */
export const staffSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

/** The signed-in staff member and what the store asks of them. */
export const adminSessionSchema = z.object({
  staff: staffSchema,
  /** Two-factor sign-in is mandatory and this account has not set it up: only enrolment works. */
  mustEnrolTotp: z.boolean(),
  permissions: z.array(z.string()),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const staffInviteBodySchema = z.object({ email: emailSchema, name: nameSchema, role: adminRoleSchema });
export const acceptInviteBodySchema = z.object({ token: z.string().min(20).max(200), password: passwordSchema });
export const staffUpdateBodySchema = z
  .object({ role: adminRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'Nothing to change');
export const totpCodeBodySchema = z.object({ code: otpSchema });
export const changeStaffPasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});
/**
 * The store's admin settings (GET and PUT /admin/api/settings): two-factor sign-in mandatory,
 * and the low-stock threshold (a size with this many pieces or fewer is low; default
 * LOW_STOCK_THRESHOLD) that the dashboard, the daily summary and the product list's filter use.
 */
export const adminSettingsSchema = z.object({
  requireTotp: z.boolean(),
  lowStockThreshold: z.number().int().min(0).max(10_000),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** One entry of the audit log: who did what to which record, with its state before and after. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string(), role: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of a list: the rows and how many match in all (react-admin's `total`). */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
});

/** A row of the admin's order list; money in paise. */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  status: z.string(),
  paymentGateway: z.string(),
  paymentStatus: z.string(),
  customerName: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  awb: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** A staff note on an order or a customer. */
export const adminNoteSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type AdminNote = z.infer<typeof adminNoteSchema>;
export const adminNoteBodySchema = z.object({ body: z.string().trim().min(1, 'Write the note first.').max(2000) });

const salesFiguresSchema = z.object({
  orders: z.number().int(),
  /** What shoppers paid for the orders, GST included, in paise. */
  revenuePaise: z.number().int(),
  /** The GST inside `revenuePaise`, in paise. */
  gstPaise: z.number().int(),
});

export const adminDashboardSchema = z.object({
  today: salesFiguresSchema,
  month: salesFiguresSchema,
  salesPerDay: z.array(salesFiguresSchema.extend({ day: z.string() })),
  byStatus: z.array(z.object({ status: z.string(), orders: z.number().int() })),
  toShip: z.number().int(),
  returnsWaiting: z.number().int(),
  failedRefunds: z.number().int(),
  lowStock: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      name: z.string(),
      sku: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const customerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for an account made with a mobile number. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether a texted code proved `phone` (phone sign-in or a verified number change). */
  phoneVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  blocked: z.boolean(),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const refundQueueRowSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  returnRequestId: z.string().nullable(),
  method: z.string(),
  status: z.string(),
  amountPaise: z.number().int(),
  providerState: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefundQueueRow = z.infer<typeof refundQueueRowSchema>;

/** Variants at or below this many pieces show on the dashboard as low stock. */
export const LOW_STOCK_THRESHOLD = 3;

const gstTaxFields = {
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
};

/** One rate of a B2B invoice (GSTR-1 B2B) or of a credit note of one (CDNR); `totalPaise` is the whole document's value. */
const gstB2bRowSchema = z.object({
  buyerGstin: z.string(),
  buyerName: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  totalPaise: z.number().int(),
  placeOfSupply: z.string(),
  state: z.string(),
  ratePercent: z.number(),
  ...gstTaxFields,
});

/** The GST reports of a month (docs/admin.md): sales register, B2B and CDNR, B2C summary, HSN summary; paise. */
export const gstReportSchema = z.object({
  month: z.string(),
  register: z.array(
    z.object({
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      issuedAt: z.string(),
      orderNumber: z.string(),
      placeOfSupply: z.string(),
      state: z.string(),
      totalPaise: z.number().int(),
      /** An invoice cancelled after it was issued (cash on delivery refused at the door): zero, counted nowhere. */
      cancelled: z.boolean(),
      ...gstTaxFields,
    }),
  ),
  /** Invoices of business buyers (with a GSTIN), never in `b2c`. */
  b2b: z.array(gstB2bRowSchema),
  /** Credit notes of B2B invoices, as they print (positive amounts). */
  cdnr: z.array(gstB2bRowSchema),
  b2c: z.array(z.object({ placeOfSupply: z.string(), state: z.string(), ratePercent: z.number(), ...gstTaxFields })),
  hsn: z.array(z.object({ hsnCode: z.string(), ratePercent: z.number(), quantity: z.number().int(), ...gstTaxFields })),
  totals: z.object(gstTaxFields),
});
export type GstReport = z.infer<typeof gstReportSchema>;
export const GST_REPORTS = ['register', 'b2b', 'cdnr', 'b2c', 'hsn'] as const;
/** A month as YYYY-MM. */
export const monthSchema = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.');

/** Why the store changes a size's stock by hand (docs/admin.md "Stock"). */
export const STOCK_ADJUST_REASONS = ['received', 'damaged', 'counted', 'returned'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
/** Every stock movement's reason: the store's adjustments, and orders taking and giving back stock. */
export const STOCK_MOVEMENT_REASONS = [...STOCK_ADJUST_REASONS, 'ordered', 'released'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * POST /admin/api/variants/{id}/stock: `set` the stock to `quantity` (a count), or change it by
 * `quantity` (`delta`, negative to take away). The result may not go below zero.
 */
export const stockAdjustBodySchema = z
  .object({
    mode: z.enum(['set', 'delta']),
    quantity: z.number().int().min(-100_000).max(100_000),
    reason: z.enum(STOCK_ADJUST_REASONS),
    note: z.string().trim().max(200).optional(),
  })
  .refine((b) => b.mode === 'delta' || b.quantity >= 0, { message: ADMIN_MESSAGES.stockBelowZero, path: ['quantity'] })
  .refine((b) => b.mode === 'set' || b.quantity !== 0, { message: 'Give a change other than 0.', path: ['quantity'] });
export type StockAdjustBody = z.infer<typeof stockAdjustBodySchema>;

/** One change of a size's stock: who, when, why, before and after. */
export const stockMovementSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  actor: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** Stock levels the product list filters by: none left, at most LOW_STOCK_THRESHOLD in a size, or in stock. */
export const STOCK_LEVELS = ['out', 'low', 'in'] as const;

/** A row of the admin's product list; money in paise. */
export const adminProductRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: z.string(),
  gender: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  isActive: z.boolean(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  discountPercent: z.number().int(),
  /** Pieces over all sizes. */
  stock: z.number().int(),
  sizes: z.number().int(),
  image: z.string().nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

/** One product for the admin: its row, every field the edit form shows, and sizes with their stock. */
export const adminProductSchema = adminProductRowSchema.extend({
  hsnCode: z.string(),
  ...productLegalSchema.shape,
  description: z.string(),
  nameHi: z.string().nullable(),
  descriptionHi: z.string().nullable(),
  categoryId: z.string(),
  color: z.string(),
  season: z.string().nullable(),
  usage: z.string().nullable(),
  year: z.number().int().nullable(),
  collectionIds: z.array(z.string()),
  images: z.array(z.object({ url: z.string(), isPrimary: z.boolean() })),
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      size: z.string(),
      color: z.string(),
      pricePaise: z.number().int(),
      mrpPaise: z.number().int(),
      stock: z.number().int(),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The largest stock CSV the admin takes, in characters (about 250,000 rows of `sku,quantity`). */
export const STOCK_IMPORT_MAX_CHARS = 8_000_000;

/**
 * POST /admin/api/stock/import: a CSV with the header `sku,quantity`, each row's quantity
 * `set` as the size's stock or added to it (`delta`, negative to take away), with one reason.
 * `dryRun` checks every row and answers the changes without making them. All or nothing: one
 * bad row and no stock changes.
 */
export const stockImportBodySchema = z.object({
  csv: z.string().min(1).max(STOCK_IMPORT_MAX_CHARS),
  mode: z.enum(['set', 'delta']),
  reason: z.enum(STOCK_ADJUST_REASONS),
  dryRun: z.boolean().default(true),
});
export type StockImportBody = z.input<typeof stockImportBodySchema>;

/** What a stock import did (or would do): each row's change, or every bad row by its line. */
export const stockImportResultSchema = z.object({
  applied: z.boolean(),
  changes: z.array(
    z.object({ line: z.number().int(), sku: z.string(), stockBefore: z.number().int(), stockAfter: z.number().int() }),
  ),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
});
export type StockImportResult = z.infer<typeof stockImportResultSchema>;

/** Which products changed, and why the others could not be put on sale. */
export const productStatusResultSchema = z.object({
  changed: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
});
export type ProductStatusResult = z.infer<typeof productStatusResultSchema>;

/** Why a product cannot go on sale (docs/admin.md "Products and stock"). */
export const PRODUCT_ACTIVATION_MESSAGES = {
  noSize: 'Add a size before putting it on sale.',
  noPrice: 'Give every size a price before putting it on sale.',
  noPhoto: 'Add a photo before putting it on sale.',
} as const;

/** A review in the admin's moderation queue (docs/admin.md "Reviews"). */
export const moderatedReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  photos: z.array(z.object({ url: z.string() })),
  author: z.string(),
  isVerifiedPurchase: z.boolean(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  hiddenBy: z.string().nullable(),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

/** POST /admin/api/reviews/{id}/hide: why (kept with the review, for the store). */
export const hideReviewBodySchema = z.object({
  reason: z.string().trim().min(1, 'Say why the review is hidden.').max(300),
});
