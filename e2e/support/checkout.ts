/**
 * Helpers of the checkout journeys: page objects for the checkout page, the API's sandbox
 * payment page and the order confirmation, and reads of the API (orders, stock, a gift card's
 * balance) to check what the pages say against what the API holds.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUPON_MESSAGES, type CouponQuote, type Order, type ProductDetail } from '@vastra/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { api } from './pages';
import { API_URL } from './stack';

/** A delivery address typed into the new-address form; city and state come from the pincode. */
export type TypedAddress = { phone: string; postalCode: string; street: string };

/** The checkout page (/checkout). */
export class CheckoutPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/checkout');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  }

  get addressSection(): Locator {
    return this.main.getByRole('region', { name: /Delivery address/ });
  }

  get summary(): Locator {
    return this.main.getByRole('complementary', { name: 'Order summary' });
  }

  get pincode(): Locator {
    return this.addressSection.getByLabel('Pincode');
  }

  /** The optional business buyer's fields (GST invoice for a business). */
  get businessSection(): Locator {
    return this.main.getByRole('region', { name: /GST invoice for a business/ });
  }

  get city(): Locator {
    return this.addressSection.getByLabel('City / district');
  }

  get state(): Locator {
    return this.addressSection.getByLabel('State');
  }

  /** Fills the new-address form; the pincode's city and state are filled in by the lookup. */
  async typeAddress({ phone, postalCode, street }: TypedAddress): Promise<void> {
    await this.addressSection.getByLabel('Mobile number').fill(phone);
    await this.addressSection.getByLabel(/^Address/).fill(street);
    await this.pincode.fill(postalCode);
  }

  /** Types a pincode and waits for the state it belongs to. */
  async changePincode(postalCode: string, state: string): Promise<void> {
    await this.pincode.fill(postalCode);
    await expect(this.state).toHaveValue(state);
  }

  taxRow(name: 'CGST' | 'SGST' | 'IGST'): Locator {
    return this.summary.getByTestId(`tax-${name}`);
  }

  figure(testId: 'subtotal' | 'coupon-discount' | 'order-total' | 'gift-card-amount' | 'amount-payable'): Locator {
    return this.summary.getByTestId(testId);
  }

  async applyCoupon(code: string): Promise<void> {
    await this.summary.getByLabel('Coupon code').fill(code);
    await this.summary.getByRole('button', { name: 'Apply coupon' }).click();
  }

  async applyGiftCard(code: string): Promise<void> {
    await this.summary.getByLabel('Gift card code').fill(code);
    await this.summary.getByRole('button', { name: 'Apply gift card' }).click();
  }

  paymentMethod(name: 'Pay online (test gateway)' | 'Razorpay' | 'Cash on delivery'): Locator {
    return this.main.getByRole('radio', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
  }

  get placeOrder(): Locator {
    return this.summary.getByRole('button', { name: /^(Place order|Placing order\.\.\.)$/ });
  }

  /** The amount a figure shows, in rupees. */
  async amountOf(locator: Locator): Promise<number> {
    return Number((await locator.innerText()).replace(/[^\d.]/g, ''));
  }
}

/** The API's hosted sandbox payment page (/payments/sandbox/{merchantOrderId}). */
export class SandboxPaymentPage {
  constructor(readonly page: Page) {}

  async expectOpen(orderNumber: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/payments\/sandbox\//);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Pay for your order' })).toBeVisible();
    await expect(this.page.getByText(orderNumber).first()).toBeVisible();
  }

  async choose(outcome: 'Success' | 'Failure' | 'Pending'): Promise<void> {
    await this.page.getByRole('button', { name: outcome, exact: true }).click();
  }
}

/** The order confirmation (/checkout/confirmation/{id}). */
export class ConfirmationPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async expectFor(order: Pick<Order, 'id' | 'orderNumber'>, heading: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/checkout/confirmation/${order.id}$`));
    await expect(this.main.getByTestId('order-number')).toHaveText(order.orderNumber);
    await expect(this.main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
}

async function authorised<T>(token: string, pathname: string): Promise<T> {
  const res = await fetch(`${API_URL}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { message?: string; data: T };
  expect(res.status, body.message).toBe(200);
  return body.data;
}

/** The shopper's orders, newest first, as the API has them. */
export async function ordersOf(token: string): Promise<Order[]> {
  return (await authorised<{ orders: Order[] }>(token, '/orders/my-orders?limit=50')).orders;
}

/** One order as the API has it now. */
export async function orderOf(token: string, id: string): Promise<Order> {
  return (await authorised<{ order: Order }>(token, `/orders/${id}`)).order;
}

/** The shopper's address book. */
export async function addressesOf(token: string): Promise<{ postalCode: string; isDefault: boolean }[]> {
  return (await authorised<{ addresses: { postalCode: string; isDefault: boolean }[] }>(token, '/addresses')).addresses;
}

/** The stock of one size of a product, as the product page would show it. */
export async function stockOf(productId: string, variantId: string): Promise<number> {
  const { product } = await api<{ product: ProductDetail }>(`/products/${productId}`);
  return product.variants.find((v) => v.id === variantId)!.stock;
}

/** A gift card's balance (a quote against ₹ 1 tells it without holding anything; an empty card is refused). */
export async function giftCardBalance(code: string): Promise<number> {
  const res = await fetch(`${API_URL}/coupons/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, isGiftCard: true, preDiscountAmount: 1 }),
  });
  const body = (await res.json()) as { message?: string; data: CouponQuote };
  if (res.status === 400 && body.message === COUPON_MESSAGES.giftCardEmpty) return 0;
  expect(res.status, body.message).toBe(200);
  return body.data.balance!;
}

/** Sets the quantity of a line of a logged-in shopper's cart through the API. */
export async function setQuantityThroughApi(token: string, itemId: string, quantity: number): Promise<void> {
  const res = await fetch(`${API_URL}/cart/items/${itemId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ quantity }),
  });
  const body = (await res.json()) as { message?: string };
  expect(res.status, body.message).toBe(200);
}

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * Saves `<name>-mobile.png` (390 px) and `<name>-desktop.png` (1280 px) of the page as it is now,
 * filled-in forms and all (screenshotBothWidths opens the URL afresh instead).
 */
export async function screenshotThisPage(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const [width, size] of [
    ['mobile', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    // From the top, so the sticky header sits where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
