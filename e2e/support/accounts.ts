/**
 * Helpers of the accounts journeys: shoppers made and logged in through the API, the code of
 * the newest mail in the API's outbox, and page objects for the login modal and the header's
 * account menu.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { codeFrom, outboxMailsTo } from '../../apps/api/src/test/outbox';
import { API_URL, DATA_DIR } from './stack';

export type Shopper = { name: string; email: string; password: string };

/** A shopper no earlier run has used: the email carries the time and a random part. */
export function newShopper(label: string, name = 'Asha Rao'): Shopper {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${label}-${unique}@example.com`, password: 'saree-and-chai-1' };
}

type Answer = { status: number; body: { success: boolean; message?: string; data?: { token?: string } } };

/** A JSON POST to the API as a script would send it: no cookie, so only a bearer authenticates. */
export async function apiPost(pathname: string, json: unknown, bearer?: string): Promise<Answer> {
  const res = await fetch(`${API_URL}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Registers the shopper through the API; returns the session's token. */
export async function registerThroughApi(shopper: Shopper): Promise<string> {
  const { status, body } = await apiPost('/auth/register', shopper);
  expect(status, body.message).toBe(201);
  return body.data!.token!;
}

/**
 * Saves Asha Rao's address at each [pincode, state, city] in the shopper's address book, the
 * first as the default.
 */
export async function saveAddressesThroughApi(
  token: string,
  places: readonly (readonly [postalCode: string, state: string, city: string])[],
): Promise<void> {
  for (const [index, [postalCode, state, city]] of places.entries()) {
    const saved = await apiPost(
      '/addresses',
      {
        firstName: 'Asha',
        lastName: 'Rao',
        street: '12 MG Road',
        city,
        state,
        postalCode,
        country: 'India',
        phone: '9876543210',
        isDefault: index === 0,
      },
      token,
    );
    expect(saved.status, saved.body.message).toBe(201);
  }
}

/** Logs the shopper in through the API (a second device); returns that session's token. */
export async function loginThroughApi({ email, password }: Shopper): Promise<string> {
  const { status, body } = await apiPost('/auth/login', { email, password });
  expect(status, body.message).toBe(200);
  return body.data!.token!;
}

/** The codes mailed to `email` so far (verification, password reset), oldest first. */
export async function codesMailedTo(email: string): Promise<string[]> {
  return (await outboxMailsTo(DATA_DIR, email)).map(codeFrom);
}

/** Waits until `count` codes have been mailed to `email`; returns the code of the newest mail. */
export async function newestCodeFor(email: string, count = 1): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(async () => (codes = await codesMailedTo(email)).length, { message: `mail number ${count} to ${email}` })
    .toBeGreaterThanOrEqual(count);
  return codes.at(-1)!;
}

/** The login modal of behaviour.md §2, opened from the header. */
export class LoginModal {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Login' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ });
  }

  async fill({ email, password }: Pick<Shopper, 'email' | 'password'>): Promise<void> {
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByLabel('Password').fill(password);
  }
}

/** Logs in on /auth/login, the page the browser lands on after a session expires. */
export async function logInOnPage(page: Page, shopper: Shopper): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(shopper.email);
  await main.getByLabel('Password').fill(shopper.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The header's account menu (logged in): its button bears the shopper's name. */
export function accountMenuButton(page: Page, shopper: Shopper): Locator {
  return page.getByRole('banner').getByRole('button', { name: shopper.name });
}

/** Logs out through the account menu and waits for the header's Login button. */
export async function logOut(page: Page, shopper: Shopper): Promise<void> {
  await accountMenuButton(page, shopper).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}
