/**
 * react-admin's data provider over the admin API (docs/admin.md). Lists take react-admin's
 * page, page size and filters as the API's `page`, `perPage` and query fields; a record's
 * detail is the API's composite answer (an order with its customer and notes; a customer with
 * orders, returns, addresses and notes). The store's own actions (order steps, return steps,
 * refund retry, block, notes, stock changes, switching coupons and gift cards) are extra methods
 * called through `useDataProvider`.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type {
  CouponBody,
  CouponCategory,
  StockAdjustBody,
  StockImportBody,
  StockImportResult,
  StockMovement,
} from '@vastra/contracts';
import { api, query } from './api';
import { isoOrNull } from './marketing/money';
import { sizeChartBody } from './sizing/body';

type Page<T> = { rows: T[]; total: number };

/** Resources whose list the API pages; `staff` and `jobs` answer every row at once. */
const LISTS: Record<string, string> = {
  orders: '/orders',
  returns: '/returns',
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

async function getList(resource: string, params: GetListParams) {
  if (resource === 'jobs') {
    // The API answers the latest jobs at once, with the queue's depth: paged here.
    const { jobs, depth } = await api<{ jobs: RaRecord[]; depth: number }>(`/jobs?limit=${JOB_HISTORY}`);
    const { page = 1, perPage = 50 } = params.pagination ?? {};
    return { data: jobs.slice((page - 1) * perPage, page * perPage), total: jobs.length, meta: { depth } };
  }
  if (resource === 'staff') {
    const rows = await api<RaRecord[]>('/staff');
    return { data: rows, total: rows.length };
  }
  if (resource === 'size-charts') {
    // A store has a handful of charts: the API answers them all, paged here.
    const charts = await api<RaRecord[]>('/size-charts');
    const { page = 1, perPage = 50 } = params.pagination ?? {};
    return { data: charts.slice((page - 1) * perPage, page * perPage), total: charts.length };
  }
  const path = LISTS[resource];
  if (!path) throw new Error(`No list of ${resource}`);
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const page_ = await api<Page<RaRecord>>(`${path}${query({ page, perPage, ...params.filter })}`);
  return { data: page_.rows, total: page_.total };
}

async function getOne(resource: string, id: Identifier) {
  if (resource === 'orders') {
    const detail = await api<{ order: RaRecord; customer: unknown; notes: unknown[]; taxRules: unknown[] }>(
      `/orders/${id}`,
    );
    return { data: { ...detail.order, customer: detail.customer, notes: detail.notes, taxRules: detail.taxRules } };
  }
  if (resource === 'staff') {
    const member = (await api<RaRecord[]>('/staff')).find((s) => s.id === id);
    if (!member) throw new Error('Staff member not found');
    return { data: member };
  }
  if (resource === 'customers') {
    const detail = await api<{ customer: RaRecord } & Record<string, unknown>>(`/customers/${id}`);
    return { data: { ...detail, ...detail.customer } };
  }
  if (resource === 'products') return { data: await api<RaRecord>(`/products/${id}`) };
  if (resource === 'coupons' || resource === 'gift-cards' || resource === 'size-charts') {
    return { data: await api<RaRecord>(`/${resource}/${id}`) };
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

export type StepBody = {
  to: string;
  note?: string;
  courier?: string;
  awb?: string;
  trackingUrl?: string;
  estimatedDelivery?: string;
};

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
  returnStep(
    orderId: Identifier,
    step: string,
    body: { note?: string; restock?: boolean; lines?: { orderItemId: string; restock: boolean }[] },
  ): Promise<unknown>;
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
    if (resource === 'coupons') {
      return { data: await api<RaRecord>('/coupons', { method: 'POST', body: couponBody(params.data) }) } as never;
    }
    // The gift card form sends the API's body already (GiftCardIssue's transform).
    if (resource === 'gift-cards') {
      return { data: await api<RaRecord>('/gift-cards', { method: 'POST', body: params.data }) } as never;
    }
    if (resource !== 'staff') throw new Error(`Cannot create ${resource}`);
    const invite = await api<RaRecord>('/staff/invites', { method: 'POST', body: params.data });
    return { data: invite } as never;
  },
  update: async (resource, params) => {
    if (resource === 'coupons') {
      const body = couponBody(params.data);
      return { data: await api<RaRecord>(`/coupons/${params.id}`, { method: 'PUT', body }) } as never;
    }
    if (resource === 'size-charts') {
      const body = sizeChartBody(params.data);
      return { data: await api<RaRecord>(`/size-charts/${params.id}`, { method: 'PUT', body }) } as never;
    }
    if (resource !== 'staff') throw new Error(`Cannot edit ${resource}`);
    const { role, disabled } = params.data as { role?: string; disabled?: boolean };
    return { data: await api<RaRecord>(`/staff/${params.id}`, { method: 'PATCH', body: { role, disabled } }) } as never;
  },
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
  orderStep: (id, body) => api(`/orders/${id}/steps`, { method: 'POST', body }),
  bulkSteps: (ids, to) => api('/orders/bulk-steps', { method: 'POST', body: { ids, to } }),
  cancelOrder: (id, reason) => api(`/orders/${id}/cancel`, { method: 'POST', body: { reason } }),
  recordCod: (id, collected) => api(`/orders/${id}/cod`, { method: 'POST', body: { collected } }),
  resendConfirmation: (id) => api(`/orders/${id}/resend-confirmation`, { method: 'POST' }),
  addNote: (entity, id, body) => api(`/${entity}/${id}/notes`, { method: 'POST', body: { body } }),
  returnStep: (orderId, step, body) => api(`/orders/${orderId}/return/${step}`, { method: 'POST', body }),
  retryRefund: (id) => api(`/refunds/${id}/retry`, { method: 'POST' }),
  setBlocked: (id, blocked) => api(`/customers/${id}/block`, { method: 'POST', body: { blocked } }),
  adjustStock: (variantId, body) => api(`/variants/${variantId}/stock`, { method: 'POST', body }),
  stockMovements: (variantId) => api(`/variants/${variantId}/movements`),
  importStock: (body) => api('/stock/import', { method: 'POST', body }),
  moderateReview: (id, reason) =>
    reason === null
      ? api(`/reviews/${id}/restore`, { method: 'POST' })
      : api(`/reviews/${id}/hide`, { method: 'POST', body: { reason } }),
  couponCategories: () => api('/coupons/categories'),
  setCouponActive: (id, active) => api(`/coupons/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' }),
  setGiftCardActive: (id, active) => api(`/gift-cards/${id}/${active ? 'enable' : 'disable'}`, { method: 'POST' }),
};
