/**
 * Shared helpers of the browser tests: reading the API the stack runs on (to know what the
 * pages should show), accessibility checks with axe, and screenshots at two widths.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { API_URL } from './stack';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function api<T>(pathAndQuery: string): Promise<T> {
  const res = await fetch(`${API_URL}${pathAndQuery}`);
  expect(res.ok, `${pathAndQuery} answered ${res.status}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * Fails on any serious or critical axe violation of the page once its toasts have gone: a
 * toast fading in or out is half transparent, and axe would judge its contrast then. Toasts
 * close by themselves within seconds (behaviour.md §9).
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const SHOTS = path.resolve(here, '../screenshots');
const WIDTHS = {
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

type ScreenshotOptions = {
  /** Cookies and storage to start from, e.g. a logged-in shopper's (`context.storageState()`). */
  storageState?: BrowserContextOptions['storageState'];
  /** Brings the page into the state to capture (open a modal…) after it has loaded. */
  prepare?: (page: Page) => Promise<void>;
  /** The whole page (default) or only the viewport, e.g. for a modal. */
  fullPage?: boolean;
};

/** Saves `<name>-mobile.png` and `<name>-desktop.png` of a URL under e2e/screenshots. */
export async function screenshotBothWidths(
  browser: Browser,
  url: string,
  name: string,
  { storageState, prepare, fullPage = true }: ScreenshotOptions = {},
): Promise<void> {
  for (const [width, options] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ ...options, storageState });
    const page = await context.newPage();
    await page.goto(url);
    // Scroll through the page so lazy images below the fold load before the capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await prepare?.(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
    await context.close();
  }
}

/** The prices of the product cards on the page, in rupees, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-card').getByTestId('price').allInnerTexts();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}
