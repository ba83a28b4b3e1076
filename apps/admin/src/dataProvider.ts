/**
 * react-admin's data provider over the admin API (docs/admin.md). Lists take react-admin's
 * page, page size and filters as the API's `page`, `perPage` and query fields; a record's
 * detail is the API's composite answer (an order with its customer and notes; a customer with
 * orders, returns, addresses and notes). The store's own actions (order steps, return steps,
 * refund retry, block, notes, stock changes, switching coupons and gift cards) are extra methods
 * called through `useDataProvider`.
 */
import type { DataProvider, GetListParams, Identifier } from 'react-admin';
import type {
  CouponBody,
  CouponCategory,
  DataBreachBody,
  GrievanceStatusBody,
  GiftCardIssueBody,
  StockAdjustBody,
  StockImportBody,
  StockImportResult,
  StockMovement,
} from '@vastra/contracts';
import { adminApi, type ExchangeStepBody, type ReturnStepBody, type StepBody } from './client';
import { isoOrNull } from './marketing/money';
import { sizeChartBody } from './sizing/body';

export type { StepBody } from './client';

/** Resources whose list the API pages; `staff`, `jobs` and `data-breaches` answer every row at once. */
const LISTS: Record<string, string> = {
  orders: '/orders',
  returns: '/returns',
  exchanges: '/exchanges',
  grievances: '/grievances',
  refunds: '/refunds',
  customers: '/customers',
  audit: '/audit',
  products: '/products',
  reviews: '/reviews',
  coupons: '/coupons',
  'gift-cards': '/gift-cards',
};

/** The job history the Jobs page pages through: the API's latest jobs, newest first. */
const JOB_HISTORY = 200;

/** One page of rows answered at once: react-admin's page of them. */
function pageOf<T>(rows: T[], params: GetListParams, perPageDefault = 50) {
  const { page = 1, perPage = perPageDefault } = params.pagination ?? {};
  return rows.slice((page - 1) * perPage, page * perPage);
}

async function getList(resource: string, params: GetListParams) {
  if (resource === 'jobs') {
    // The API answers the latest jobs at once, with the queue's depth: paged here.
    const { jobs, depth } = await adminApi.jobs(JOB_HISTORY);
    return { data: pageOf(jobs, params), total: jobs.length, meta: { depth } };
  }
  if (resource === 'staff') {
    const rows = await adminApi.staff.list();
    return { data: rows, total: rows.length };
  }
  if (resource === 'data-breaches') {
    const rows = await adminApi.breaches.list();
    return { data: pageOf(rows, params), total: rows.length };
  }
  if (resource === 'policies') {
    // Five pages, answered at once.
    const pages = await adminApi.policies.list();
    return { data: pages, total: pages.length };
  }
  if (resource === 'size-charts') {
    // A store has a handful of charts: the API answers them all, paged here.
    const charts = await adminApi.sizeCharts.list();
    return { data: pageOf(charts, params), total: charts.length };
  }
  const path = LISTS[resource];
  if (!path) throw new Error(`No list of ${resource}`);
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const { rows, total } = await adminApi.page(path, { page, perPage, ...params.filter });
  return { data: rows, total };
}

async function getOne(resource: string, id: Identifier) {
  if (resource === 'orders') {
    const detail = await adminApi.orderDetail(String(id));
    return { data: { ...detail.order, customer: detail.customer, notes: detail.notes, taxRules: detail.taxRules } };
  }
  if (resource === 'data-breaches') return { data: await adminApi.breaches.get(String(id)) };
  if (resource === 'staff') {
    const member = (await adminApi.staff.list()).find((s) => s.id === id);
    if (!member) throw new Error('Staff member not found');
    return { data: member };
  }
  if (resource === 'customers') {
    const detail = await adminApi.customerDetail(String(id));
    return { data: { ...detail, ...detail.customer } };
  }
  if (resource === 'policies') {
    const page = (await adminApi.policies.list()).find((p) => p.id === id);
    if (!page) throw new Error('Policy not found');
    return { data: page };
  }
  if (
    resource === 'products' ||
    resource === 'coupons' ||
    resource === 'gift-cards' ||
    resource === 'size-charts' ||
    resource === 'grievances'
  ) {
    return { data: await adminApi.record(`/${resource}/${id}`) };
  }
  throw new Error(`No detail of ${resource}`);
}

/** A coupon form's values as the API's body: its rules only, dates as ISO, empty limits as null. */
function couponBody(data: Record<string, unknown>): CouponBody {
  const percentage = data.discountType === 'percentage';
  const orNull = (v: unknown) => (v === undefined || v === '' || v === null ? null : Number(v));
  return {
    code: String(data.code ?? ''),
    description: String(data.description ?? ''),
    discountType: percentage ? 'percentage' : 'fixed',
    discountValue: Number(data.discountValue),
    maxDiscountPaise: percentage ? orNull(data.maxDiscountPaise) : null,
    minOrderPaise: orNull(data.minOrderPaise) ?? 0,
    startsAt: isoOrNull(data.startsAt),
    endsAt: isoOrNull(data.endsAt),
    usageLimit: orNull(data.usageLimit),
    usageLimitPerUser: orNull(data.usageLimitPerUser),
    firstOrderOnly: Boolean(data.firstOrderOnly),
    categoryIds: (data.categoryIds as string[] | undefined) ?? [],
    productIds: (data.productIds as string[] | undefined) ?? [],
    advertised: Boolean(data.advertised),
  };
}

/** A breach form's values as the API's body: its fields only, times as ISO, the count a number. */
function breachBody(data: Record<string, unknown>): DataBreachBody {
  return {
    discoveredAt: isoOrNull(data.discoveredAt) ?? '',
    description: String(data.description ?? ''),
    dataCategories: String(data.dataCategories ?? ''),
    approxAffected: Number(data.approxAffected),
    measuresTaken: String(data.measuresTaken ?? ''),
    reportedToBoardAt: isoOrNull(data.reportedToBoardAt),
    peopleInformedAt: isoOrNull(data.peopleInformedAt),
  };
}

export type VastraDataProvider = DataProvider & {
  orderStep(id: Identifier, body: StepBody): Promise<unknown>;
  bulkSteps(
    ids: Identifier[],
    to: 'confirmed' | 'packed',
  ): Promise<{ moved: string[]; refused: { id: string; message: string }[] }>;
  cancelOrder(id: Identifier, reason: string): Promise<unknown>;
  recordCod(id: Identifier, collected: boolean): Promise<unknown>;
  resendConfirmation(id: Identifier): Promise<{ sent: boolean }>;
  addNote(entity: 'orders' | 'customers', id: Identifier, body: string): Promise<unknown>;
  returnStep(orderId: Identifier, step: string, body: ReturnStepBody): Promise<unknown>;
  exchangeStep(id: Identifier, step: string, body: ExchangeStepBody): Promise<unknown>;
  /** A grievance in progress, or resolved / rejected with the resolution the complainant reads. */
  grievanceStatus(id: Identifier, body: GrievanceStatusBody): Promise<unknown>;
  retryRefund(id: Identifier): Promise<unknown>;
  setBlocked(id: Identifier, blocked: boolean): Promise<unknown>;
  adjustStock(variantId: string, body: StockAdjustBody): Promise<StockMovement>;
  stockMovements(variantId: string): Promise<StockMovement[]>;
  importStock(body: StockImportBody): Promise<StockImportResult>;
  /** Hides the review with `reason`, or shows it again when `reason` is null. */
  moderateReview(id: string, reason: string | null): Promise<unknown>;
  couponCategories(): Promise<CouponCategory[]>;
  setCouponActive(id: string, active: boolean): Promise<unknown>;
  setGiftCardActive(id: string, active: boolean): Promise<unknown>;
};

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not available in the admin`));

export const dataProvider: VastraDataProvider = {
  getList: getList as DataProvider['getList'],
  getOne: (resource, params) => getOne(resource, params.id) as never,
  getMany: async (resource, params) =>
    ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id)))).map((r) => r.data),
    }) as never,
  getManyReference: unsupported('getManyReference'),
  create: async (resource, params) => {
    if (resource === 'coupons') return { data: await adminApi.coupons.create(couponBody(params.data)) } as never;
    // The gift card form sends the API's body already (GiftCardIssue's transform).
    if (resource === 'gift-cards') {
      return { data: await adminApi.giftCards.issue(params.data as GiftCardIssueBody) } as never;
    }
    if (resource === 'data-breaches') return { data: await adminApi.breaches.create(breachBody(params.data)) } as never;
    if (resource !== 'staff') throw new Error(`Cannot create ${resource}`);
    const { email, name, role } = params.data as { email: string; name: string; role: string };
    return { data: await adminApi.staff.invite({ email, name, role }) } as never;
  },
  update: async (resource, params) => {
    const id = String(params.id);
    if (resource === 'coupons') return { data: await adminApi.coupons.update(id, couponBody(params.data)) } as never;
    if (resource === 'policies') {
      const { title, body } = params.data as { title: string; body: string };
      return { data: await adminApi.policies.save(id, { title, body }) } as never;
    }
    if (resource === 'size-charts') {
      return { data: await adminApi.sizeCharts.save(id, sizeChartBody(params.data)) } as never;
    }
    if (resource === 'data-breaches') {
      return { data: await adminApi.breaches.update(id, breachBody(params.data)) } as never;
    }
    if (resource !== 'staff') throw new Error(`Cannot edit ${resource}`);
    const { role, disabled } = params.data as { role?: string; disabled?: boolean };
    return { data: await adminApi.staff.update(id, { role, disabled }) } as never;
  },
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
  orderStep: (id, body) => adminApi.orders.step(String(id), body),
  bulkSteps: (ids, to) => adminApi.orders.bulkSteps(ids.map(String), to),
  cancelOrder: (id, reason) => adminApi.orders.cancel(String(id), reason),
  recordCod: (id, collected) => adminApi.orders.recordCod(String(id), collected),
  resendConfirmation: (id) => adminApi.orders.resendConfirmation(String(id)),
  addNote: (entity, id, body) => adminApi.notes.add(entity, String(id), body),
  returnStep: (orderId, step, body) => adminApi.orders.returnStep(String(orderId), step, body),
  exchangeStep: (id, step, body) => adminApi.exchanges.step(String(id), step, body),
  grievanceStatus: (id, body) => adminApi.grievances.status(String(id), body),
  retryRefund: (id) => adminApi.refunds.retry(String(id)),
  setBlocked: (id, blocked) => adminApi.customers.setBlocked(String(id), blocked),
  adjustStock: (variantId, body) => adminApi.products.adjustStock(variantId, body),
  stockMovements: (variantId) => adminApi.products.stockMovements(variantId),
  importStock: (body) => adminApi.products.importStock(body),
  moderateReview: (id, reason) => (reason === null ? adminApi.reviews.restore(id) : adminApi.reviews.hide(id, reason)),
  couponCategories: () => adminApi.coupons.categories(),
  setCouponActive: (id, active) => adminApi.coupons.setActive(id, active),
  setGiftCardActive: (id, active) => adminApi.giftCards.setActive(id, active),
};
