/**
 * Sign-in with a mobile number (docs/behaviour.md "Phone sign-in"): a new shopper adds a kurta to
 * the cart as a guest, signs up in the login modal with their mobile number and the code texted
 * to it (read from the API's development SMS outbox), gives their name, and places a cash on
 * delivery order; the confirmation promises no mail, as the account has no email. Then the
 * account page shows the number as verified.
 */
import { AUTH_MESSAGES, CART_MESSAGES } from '@vastra/contracts';
import { expect } from '@playwright/test';
import { smsTo, smsCode } from '../../apps/api/src/test/sms-outbox';
import { LoginModal } from '../support/accounts';
import { addToCart, cartLabel, cartLink, chooseSize, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage, screenshotThisPage } from '../support/checkout';
import { test } from '../support/fixtures';
import { DATA_DIR } from '../support/stack';

/** A mobile number no earlier run has used: 9 and nine digits of the time and chance. */
function newMobileNumber(): string {
  return `9${String(Date.now() % 1e5).padStart(5, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
}

/** Waits for the text to `phone` and answers its code. */
async function codeTextedTo(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const last = (await smsTo(DATA_DIR, phone)).at(-1);
        code = last ? smsCode(last) : '';
        return code;
      },
      { message: `an SMS to ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test('a new shopper signs up with a mobile number, gives their name and places a cash on delivery order', async ({
  page,
}) => {
  // A long journey with full-page pictures at two widths.
  test.setTimeout(180_000);
  const [product] = await productsWithSizes('categories=kurtas&sort=price_asc&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  const phone = newMobileNumber();
  const modal = new LoginModal(page);

  await test.step('a guest puts a kurta in the cart', async () => {
    await page.goto(`/shop/product/${product!.id}`);
    await chooseSize(page, size!.size);
    await addToCart(page, CART_MESSAGES.added);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(1));
  });

  await test.step('the login modal offers the mobile number beside email; a code is texted', async () => {
    await modal.open();
    await expect(modal.dialog.getByLabel('Email')).toBeVisible();
    await modal.dialog.getByRole('button', { name: 'Log in with mobile number' }).click();
    await modal.dialog.getByLabel('Mobile number').fill(phone);
    await modal.dialog.getByRole('button', { name: 'Send code by SMS' }).click();
    await expect(modal.dialog.getByText(AUTH_MESSAGES.phoneCodeSent)).toBeVisible();
  });

  await test.step('the code from the SMS signs up; the field is the one-time-code kind', async () => {
    const code = await codeTextedTo(phone);
    const codeField = modal.dialog.getByLabel('Code from the SMS');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await codeField.fill(code);
    await screenshotThisPage(page, 'phone-sign-in-code');
    await modal.dialog.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('a new account is asked its name, then is signed in with the cart kept', async () => {
    await expect(modal.dialog.getByRole('heading', { name: "What's your name?" })).toBeVisible();
    await modal.dialog.getByLabel('Full name').fill('Meena Kumari');
    await screenshotThisPage(page, 'phone-sign-in-name');
    await modal.dialog.getByRole('button', { name: 'Save and continue' }).click();
    await expect(modal.dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Meena Kumari' })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(1));
  });

  await test.step('the shopper places a cash on delivery order; no mail is promised', async () => {
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.typeAddress({ phone, postalCode: '110001', street: '21 Janpath' });
    await expect(checkout.state).toHaveValue('Delhi');
    await checkout.paymentMethod('Cash on delivery').check();
    await checkout.placeOrder.click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
    await expect(main.getByText(/confirmation email/)).toHaveCount(0);
    await screenshotThisPage(page, 'phone-sign-in-order-placed');
  });

  await test.step('the account page shows the number as verified', async () => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Mobile sign-in' });
    await expect(section.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toBeVisible();
    await expect(section.getByText('Verified')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Change mobile number' })).toBeVisible();
    await screenshotThisPage(page, 'phone-account');
  });
});
