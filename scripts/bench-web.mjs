// `npm run bench:web`: the storefront as a phone sees it. Builds the store as `npm start`
// does, starts it on a fresh embedded database (ports 9960 and 3360), and prints for home,
// shop, a product, the cart and checkout the median of BENCH_WEB_RUNS (default 3) Lighthouse
// mobile runs (simulated throttling: performance score, LCP, TBT, CLS) and each route's
// first-load JavaScript (gzip). Figures, not assertions; docs/performance.md explains them.
//
// Cart and checkout are measured as a logged-in shopper with two lines and a saved address:
// the browser logs in once, and every run starts with an empty HTTP cache but keeps the
// session (Lighthouse's storage reset would log the shopper out).
//
// BENCH_WEB_REPORTS=<folder> keeps each run's full Lighthouse report there (<page>-<run>.json),
// for the audits behind a figure (long tasks, script boot-up time). BENCH_WEB_PAGES=home,shop
// measures only those pages.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { firstLoadJs } from '../apps/storefront/scripts/bundle-size.mjs';
import { buildAppsIfNeeded } from './build-apps.mjs';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const reportDir = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : null;
const onlyPages = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
const API_PORT = 9960;
const WEB_PORT = 3360;
const DEBUG_PORT = 9366;
const apiUrl = `http://localhost:${API_PORT}`;
const siteUrl = `http://localhost:${WEB_PORT}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const shopper = { name: 'Bench Shopper', email: `bench-${Date.now()}@example.com`, password: 'saree-and-chai-1' };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A JSON call to the API as the bench shopper; throws on a refusal. */
async function api(method, pathname, token, json) {
  const res = await fetch(`${apiUrl}${pathname}`, {
    method,
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${body.message}`);
  return body.data;
}

/** Registers the bench shopper with two cart lines and a delivery address; returns a product id to measure. */
async function prepareShopper() {
  const { products } = await api('GET', '/products/search?limit=24&sort=rating');
  const { token } = await api('POST', '/auth/register', null, shopper);
  const lines = [];
  for (const { id } of products) {
    const { product } = await api('GET', `/products/${id}`);
    const variant = product.variants.find((v) => v.stock >= 2);
    if (!variant) continue;
    await api('POST', '/cart/add', token, { productId: id, variantId: variant.id, quantity: 1 });
    lines.push(id);
    if (lines.length === 2) break;
  }
  await api('POST', '/addresses', token, {
    firstName: 'Bench',
    lastName: 'Shopper',
    street: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    phone: '9876543210',
    isDefault: true,
  });
  return lines[0];
}

/** Logs the bench shopper in on the storefront's login page, in the browser Lighthouse drives. */
async function logIn(browser) {
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${siteUrl}/auth/login`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(shopper.email);
  await main.getByLabel('Password').fill(shopper.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('banner').getByRole('button', { name: shopper.name }).waitFor({ timeout: 30_000 });
  await page.close();
}

/** One Lighthouse mobile run of `url` in the browser on DEBUG_PORT, after emptying its HTTP cache. */
async function lighthouseRun(browser, url, reportName) {
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (reportDir) writeFileSync(path.join(reportDir, `${reportName}.json`), result.report);
  return {
    score: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
  };
}

/**
 * Starts `command` in a process group of its own, so stopping it stops everything it started;
 * its errors are shown prefixed with `name`, or dropped without one (Chromium's are noise here).
 */
function start(command, args, cwd, env, name) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', name ? 'pipe' : 'ignore'],
    detached: true,
  });
  child.stderr?.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function main() {
  buildAppsIfNeeded();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vastra-bench-web-'));
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vastra-bench-chromium-'));
  const children = [];
  try {
    console.log('Starting the store on a fresh embedded database…');
    children.push(
      start(
        process.execPath,
        ['scripts/start.mjs'],
        root,
        {
          PORT: String(API_PORT),
          STOREFRONT_PORT: String(WEB_PORT),
          DATA_DIR: dataDir,
          PUBLIC_URL: apiUrl,
          STOREFRONT_URL: siteUrl,
          API_URL: `http://127.0.0.1:${API_PORT}`,
          PUBLIC_API_URL: apiUrl,
          SITE_URL: siteUrl,
          LOG_LEVEL: 'warn',
        },
        'store',
      ),
    );
    await waitFor(`${apiUrl}/ready`, 180_000);
    await waitFor(`${siteUrl}/`, 120_000);
    const productId = await prepareShopper();
    const allPages = [
      { name: 'home', path: '/', route: '/' },
      { name: 'shop', path: '/shop', route: '/shop' },
      { name: 'product', path: `/shop/product/${productId}`, route: '/shop/product/[id]' },
      { name: 'cart', path: '/cart', route: '/cart', loggedIn: true },
      { name: 'checkout', path: '/checkout', route: '/checkout', loggedIn: true },
    ];
    const pages = onlyPages ? allPages.filter((page) => onlyPages.includes(page.name)) : allPages;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    // Each page once before measuring: the first request of a route renders and caches on the server.
    for (const page of pages) await fetch(`${siteUrl}${page.path}`);

    children.push(
      start(
        chromePath,
        [
          '--headless=new',
          `--remote-debugging-port=${DEBUG_PORT}`,
          `--user-data-dir=${profile}`,
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          'about:blank',
        ],
        root,
        {},
      ),
    );
    await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 30_000);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);

    const sizes = new Map(firstLoadJs(path.join(root, 'apps/storefront/.next')).map((r) => [r.route, r]));
    const rows = [];
    let loggedIn = false;
    for (const page of pages) {
      if (page.loggedIn && !loggedIn) {
        await logIn(browser);
        loggedIn = true;
      }
      const results = [];
      for (let i = 0; i < runs; i++)
        results.push(await lighthouseRun(browser, `${siteUrl}${page.path}`, `${page.name}-${i + 1}`));
      const js = sizes.get(page.route);
      rows.push({
        page: page.name,
        score: median(results.map((r) => r.score)),
        'LCP s': (median(results.map((r) => r.lcp)) / 1000).toFixed(2),
        'TBT ms': Math.round(median(results.map((r) => r.tbt))),
        CLS: median(results.map((r) => r.cls)).toFixed(3),
        scores: results.map((r) => r.score).join(' '),
        'first-load JS kB gzip': js ? (js.gzipBytes / 1024).toFixed(1) : '?',
      });
      console.log(`${page.name}: ${results.map((r) => r.score).join(', ')}`);
    }
    await browser.close();
    console.log(
      `\nLighthouse ${require('lighthouse/package.json').version}, mobile, simulated throttling; median of ${runs} runs\n`,
    );
    console.table(rows);
  } finally {
    for (const child of children) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already stopped
      }
    }
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
