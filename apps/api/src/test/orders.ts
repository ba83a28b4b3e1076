/**
 * Test helpers for orders: real shipping addresses (Bengaluru in the store's own state,
 * New Delhi in another) and a minimal order row written straight into the database, for
 * modules tested before or apart from the orders service (payments, coupons); coupons and
 * gift cards written the same way.
 */
import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../modules/orders/tables';
import { users } from '../modules/users/tables';

/** Bengaluru, Karnataka (GST state 29, the default STORE_STATE): CGST + SGST. */
export const BENGALURU_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India' as const,
  phone: '9876543210',
};

/** New Delhi (GST state 07): IGST. */
export const DELHI_ADDRESS = {
  ...BENGALURU_ADDRESS,
  street: '4 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
};

/**
 * Order limits raised for a test file whose shoppers place an order or more per test, all from
 * one address, and leave online orders unpaid: above ORDER_ATTEMPTS_PER_HOUR,
 * ORDER_ATTEMPTS_PER_ADDRESS and MAX_UNPAID_ORDERS (security/abuse.test.ts tests those).
 */
export const MANY_ORDERS_ENV = {
  ORDER_ATTEMPTS_PER_HOUR: '1000',
  ORDER_ATTEMPTS_PER_ADDRESS: '1000',
  MAX_UNPAID_ORDERS: '100',
};

export type TestOrder = { id: string; orderNumber: string; userId: string; payablePaise: number };

/**
 * An order row with the not-null columns filled: by default a new user's order waiting for an
 * online payment of `payablePaise`, with GST included in the amount.
 */
export async function insertOrder(
  db: Db,
  {
    gateway = 'sandbox',
    payablePaise = 129_900,
    status = 'pending_payment',
    userId,
  }: { gateway?: 'sandbox' | 'phonepe' | 'cod'; payablePaise?: number; status?: OrderStatus; userId?: string } = {},
): Promise<TestOrder> {
  const owner =
    userId ??
    (
      await db
        .insert(users)
        .values({ email: `payer.${randomBytes(4).toString('hex')}@example.com`, name: 'Asha Rao' })
        .returning({ id: users.id })
    )[0]!.id;
  const orderNumber = `VST-T${randomBytes(5).toString('hex')}`;
  const taxPaise = Math.round((payablePaise * 18) / 118);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber,
      userId: owner,
      status,
      paymentGateway: gateway,
      shippingAddress: BENGALURU_ADDRESS,
      placeOfSupply: '29',
      storeState: '29',
      pricesIncludeTax: true,
      subtotalPaise: payablePaise,
      taxablePaise: payablePaise - taxPaise,
      taxPaise,
      totalPaise: payablePaise,
      payablePaise,
    })
    .returning({ id: orders.id });
  return { id: order!.id, orderNumber, userId: owner, payablePaise };
}

/** A coupon: by default 10 % off with no cap and no minimum; `fields` overrides type, value, max and min (paise). */
export async function createCoupon(
  db: Db,
  code: string,
  fields: { type?: 'percentage' | 'fixed'; value?: number; max?: number | null; min?: number } = {},
): Promise<void> {
  const f = { type: 'percentage', value: 10, max: null, min: 0, ...fields };
  await db.execute(sql`
    INSERT INTO coupons (code, description, discount_type, discount_value, max_discount_paise, min_order_paise)
    VALUES (${code}, ${`${code} test coupon`}, ${f.type}, ${f.value}, ${f.max}, ${f.min})`);
}

/** A gift card holding `balancePaise`. */
export async function createGiftCard(db: Db, code: string, balancePaise: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO gift_cards (code, initial_balance_paise, balance_paise) VALUES (${code}, ${balancePaise}, ${balancePaise})`);
}
