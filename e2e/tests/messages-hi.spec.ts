/**
 * behaviour.md §8: the store's messages show in the page's language. A wrong password on the
 * Hindi login page says the API's "Incorrect email or password…" in Hindi, the form's own check
 * too, and the English page keeps the English word for word. Fields are found by their names,
 * not their labels, so the journey holds whatever language the labels are in.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

async function logIn(page: Page, path: string, email: string, password: string): Promise<void> {
  await page.goto(path);
  const form = page.locator('main form').first();
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

test('a wrong password on the Hindi login page is answered in Hindi', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, '/hi/auth/login', 'nobody-here@example.com', 'not-the-password-1');
  await expect(page.getByText('ईमेल या पासवर्ड सही नहीं है। कृपया फिर से कोशिश करें।')).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.incorrectCredentials)).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'login-error-hi-390.png') });
});

test('an empty login form on the Hindi page is checked in Hindi', async ({ page }) => {
  await logIn(page, '/hi/auth/login', '', '');
  await expect(page.getByText('कृपया सभी फ़ील्ड भरें')).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.fillAllFields)).toHaveCount(0);
});

test('the English login page keeps the English word for word', async ({ page }) => {
  await logIn(page, '/auth/login', 'nobody-here@example.com', 'not-the-password-1');
  await expect(page.getByText(AUTH_MESSAGES.incorrectCredentials)).toBeVisible();
});
