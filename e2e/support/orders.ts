/**
 * Helpers of the after-the-purchase journey: the operator's steps through `npm run ops` (the
 * CLI calls the running API over HTTP, with the operator token the API wrote into its
 * DATA_DIR), and page objects for the order detail, the return form and the returns list.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { API_URL, DATA_DIR } from './stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs `npm run ops -- <args>` against the browser tests' API and returns what it printed;
 * fails the test with its output when it exits non-zero.
 */
export async function ops(...args: string[]): Promise<string> {
  // The token is the one the API wrote into its DATA_DIR, whatever this shell may hold.
  const { OPERATOR_TOKEN: _ignored, ...env } = process.env;
  const child = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: root,
    env: { ...env, DATA_DIR, OPS_API_URL: API_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, `npm run ops -- ${args.join(' ')}\n${output}`).toBe(0);
  return output;
}

/** The order detail (/account/orders/{id}). */
export class OrderDetailPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async goto(orderId: string, orderNumber: string): Promise<void> {
    await this.page.goto(`/account/orders/${orderId}`);
    await expect(this.main.getByTestId('order-number')).toHaveText(orderNumber);
  }

  get status(): Locator {
    return this.main.getByTestId('order-status').first();
  }

  get timeline(): Locator {
    return this.main.getByRole('list', { name: 'Order timeline' });
  }

  get tracking(): Locator {
    return this.main.getByRole('region', { name: 'Tracking' });
  }

  get returnSection(): Locator {
    return this.main.getByRole('region', { name: /^Return/ });
  }

  /** Clicks "Download invoice" and returns the browser's download. */
  async downloadInvoice(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.main.getByRole('button', { name: 'Download invoice' }).click();
    return download;
  }

  /** Opens the cancel dialog, gives the reason and confirms. */
  async cancel(reason: string): Promise<Locator> {
    await this.main.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel(/Why are you cancelling/);
    await expect(field).toBeFocused();
    await field.fill(reason);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    return dialog;
  }
}

/** The return form (/account/orders/{id}/return). */
export class ReturnPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  quantity(name: string, size: string): Locator {
    return this.main.getByLabel(`Pieces of ${name} (size ${size}) to return`);
  }

  async continue(): Promise<void> {
    await this.main.getByRole('button', { name: 'Continue' }).click();
  }

  get reason(): Locator {
    return this.main.getByLabel(/^Reason/);
  }

  get comment(): Locator {
    return this.main.getByLabel(/Anything else/);
  }

  get files(): Locator {
    return this.main.getByLabel(/^Photos or videos/);
  }

  get submit(): Locator {
    return this.main.getByRole('button', { name: 'Request return' });
  }
}

/** A file of e2e/fixtures. */
export const fixture = (name: string) => path.resolve(root, 'e2e/fixtures', name);
