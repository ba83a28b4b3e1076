/**
 * Accounts in headless Chromium: registering, verifying the email with the mailed code,
 * logging in through the header's modal, editing the profile with a photo, changing the
 * password; the modal's own checks; a forgotten password reset with a mailed code; and a
 * session revoked elsewhere ending in the behaviour.md §4 session-expiry toast. Screenshots and axe on the modal and the profile page.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_MESSAGES, CONSENT_MESSAGES, PRIVACY_NOTICE_VERSION } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import {
  LoginModal,
  accountMenuButton,
  apiPost,
  codesMailedTo,
  logInOnPage,
  logOut,
  loginThroughApi,
  newShopper,
  newestCodeFor,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

const AVATAR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.png');

/** Holds POST /auth/login back a little, so the busy state of the button can be seen. */
async function slowDownLogin(page: Page): Promise<void> {
  await page.route(`${PUBLIC_API_URL}/auth/login`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

test('a shopper registers, verifies, logs in through the modal, edits the profile and changes the password', async ({
  page,
  browser,
}) => {
  const shopper = newShopper('journey');
  const newPassword = 'new-kurta-pass-2';
  const modal = new LoginModal(page);
  const main = page.getByRole('main');

  await test.step('register', async () => {
    await page.goto('/auth/register');
    await main.getByLabel('Full name').fill(shopper.name);
    await main.getByLabel('Email').fill(shopper.email);
    await main.getByLabel('Password').fill(shopper.password);
    // The privacy notice the registration accepts, and the cart reminders box, never pre-ticked.
    await expect(main.getByTestId('privacy-notice')).toContainText(`(version ${PRIVACY_NOTICE_VERSION})`);
    await expect(main.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/policies/privacy');
    await expect(main.getByRole('checkbox', { name: /Remind me by mail/ })).not.toBeChecked();
    await main.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email$/);
    await expect(main.getByText(shopper.email)).toBeVisible();
    await expect(main.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  });

  await test.step('verify the email with the code from the mail', async () => {
    await main.getByLabel('Verification code').fill(await newestCodeFor(shopper.email));
    await main.getByRole('button', { name: 'Verify email' }).click();
    await expect(page.getByText(AUTH_MESSAGES.emailVerified)).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(main.getByText('Email verified', { exact: true })).toBeVisible();
  });

  await test.step('log out', async () => {
    await logOut(page, shopper);
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('log in through the header modal', async () => {
    await modal.open();
    await modal.fill(shopper);
    await slowDownLogin(page);
    await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal.dialog.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await expect(modal.dialog).toBeHidden();
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await page.unrouteAll();
  });

  await test.step('edit the profile with a photo; it is saved after a reload', async () => {
    await page.goto('/account');
    await main.getByLabel('Mobile number').fill('9876543210');
    await main.getByLabel('Gender').selectOption({ label: 'Female' });
    await main.getByLabel('Date of birth').fill('1994-08-15');
    await main.getByLabel('Add a photo').setInputFiles(AVATAR);
    await expect(main.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /^blob:/);
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(AUTH_MESSAGES.profileUpdated)).toBeVisible();

    await page.reload();
    await expect(main.getByLabel('Mobile number')).toHaveValue('9876543210');
    await expect(main.getByLabel('Gender')).toHaveValue('female');
    await expect(main.getByLabel('Date of birth')).toHaveValue('1994-08-15');
    const photo = main.getByRole('img', { name: 'Your profile photo' });
    await expect(photo).toHaveAttribute('src', new RegExp(`^${PUBLIC_API_URL}/`));
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    // Privacy and consent: cart reminders off until the shopper turns them on, one click each way.
    const privacy = main.getByRole('region', { name: 'Privacy and consent' });
    await expect(privacy).toContainText(`version ${PRIVACY_NOTICE_VERSION}`);
    await privacy.getByRole('button', { name: 'Turn on: Cart reminders by email' }).click();
    await expect(privacy.getByText(CONSENT_MESSAGES.given)).toBeVisible();
    await expect(privacy.getByRole('button', { name: 'Withdraw: Cart reminders by email' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await screenshotBothWidths(browser, '/account', 'account-profile', {
      storageState: await page.context().storageState(),
    });
  });

  await test.step('change the password', async () => {
    await page.goto('/account/password');
    await main.getByLabel('Current password').fill(shopper.password);
    await main.getByLabel('New password').fill(newPassword);
    await main.getByRole('button', { name: 'Change password' }).click();
    await expect(main.getByText(AUTH_MESSAGES.passwordChanged)).toBeVisible();
  });

  await test.step('log out and log in with the new password', async () => {
    await logOut(page, shopper);
    await modal.open();
    await modal.fill({ email: shopper.email, password: shopper.password });
    await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal.dialog.getByText(AUTH_MESSAGES.incorrectCredentials)).toBeVisible();
    await modal.fill({ email: shopper.email, password: newPassword });
    await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal.dialog).toBeHidden();
    await expect(accountMenuButton(page, shopper)).toBeVisible();
  });
});

test('the login modal asks for both fields, announces errors and closes on Escape', async ({ page, browser }) => {
  const modal = new LoginModal(page);
  await page.goto('/');
  await modal.open();
  await expect(modal.dialog.getByLabel('Email')).toBeFocused();
  await expect(modal.dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(modal.dialog.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/auth/forget-password',
  );
  await expect(modal.dialog.getByText("Don't have an account ? Register Now")).toBeVisible();
  await expect(modal.dialog.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/auth/register');

  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${PUBLIC_API_URL}/auth/login`) loginCalls.push(request.method());
  });
  await modal.dialog.getByLabel('Password').fill('something');
  await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(modal.dialog.getByText(AUTH_MESSAGES.fillAllFields)).toBeVisible();
  expect(loginCalls).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // Escape closes the modal, gives focus back to the header's button, and forgets the error.
  await page.keyboard.press('Escape');
  await expect(modal.dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeFocused();
  await modal.open();
  await expect(modal.dialog.getByText(AUTH_MESSAGES.fillAllFields)).toBeHidden();

  await screenshotBothWidths(browser, '/', 'login-modal', {
    prepare: (p) => new LoginModal(p).open(),
    fullPage: false,
  });
});

test('a logged-out visitor to an account page logs in first; a forgotten password is reset with a mailed code', async ({
  page,
  shopper,
}) => {
  const newPassword = 'reset-by-mail-7';
  const main = page.getByRole('main');

  await page.goto('/account/password');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Faccount%2Fpassword$/);
  await main.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forget-password$/);

  const mailsBefore = (await codesMailedTo(shopper.email)).length;
  await main.getByLabel('Email').fill(shopper.email);
  await main.getByRole('button', { name: 'Send reset code' }).click();
  await expect(main.getByText(AUTH_MESSAGES.resetCodeSent)).toBeVisible();
  await main.getByLabel('Reset code').fill(await newestCodeFor(shopper.email, mailsBefore + 1));
  await main.getByLabel('New password').fill(newPassword);
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordReset)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logInOnPage(page, { ...shopper, password: newPassword });
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenuButton(page, shopper)).toBeVisible();
});

test('a session revoked elsewhere ends with the session-expired toast on /auth/login', async ({ page, shopper }) => {
  await page.goto('/auth/login?next=/account');
  await logInOnPage(page, shopper);
  await expect(page).toHaveURL(/\/account$/);
  await expect(accountMenuButton(page, shopper)).toBeVisible();

  // A second device logs in and changes the password, which ends every other session.
  const otherDevice = await loginThroughApi(shopper);
  const changed = await apiPost(
    '/auth/reset-password-secure',
    { currentPassword: shopper.password, newPassword: 'changed-elsewhere-9' },
    otherDevice,
  );
  expect(changed.status, changed.body.message).toBe(200);

  await page.goto('/account');
  await expect(page.getByText(AUTH_MESSAGES.sessionExpiredToast)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.sessionExpiredToast)).toHaveCount(1);
});
