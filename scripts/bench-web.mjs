/* global document -- the page checks run in the browser (whereDataShows) */
// `npm run bench:web`: the storefront as a phone sees it, against its goals. Builds the
// store as `npm start` does and starts it on a fresh embedded database (ports 9960 and 3360),
// builds and starts the ceiling app (scripts/bench-web/ceiling, port 3361: the homepage's hero
// alone, in a bare Next.js app of this project), then prints for every page the median of
// BENCH_WEB_RUNS (default 3) Lighthouse mobile runs (simulated throttling) of the score, LCP,
// TBT and the JavaScript loaded before idle (gzip), each route's first-load JavaScript (gzip),
// each figure's goal and whether it is met, and each page's ratio to the ceiling.
// Figures, not assertions; docs/performance.md "Measuring the storefront" explains them.
//
// The catalogue pages (home, shop, category, search, product) and the ceiling are measured as a
// first-time guest: Lighthouse empties the origin's storage and cache before each run. The
// shopper's pages (cart, checkout, account, account/orders, wishlist) are measured as a
// returning shopper made through the API (scripts/bench-web/shopper.mjs: an address, an order,
// two cart lines, two wishlist entries) in a second Chromium that holds the session's
// `auth_token` cookie: each run empties the HTTP cache and keeps the cookie and local storage.
// Where the cookie alone shows none of the shopper's data, the bench logs in on /auth/login
// first, and says so under the table.
// Runs go round the pages (run 1 of every page, then run 2, …) so load on the machine falls
// on every page alike.
//
// BENCH_WEB_REPORTS=<folder> keeps each run's full Lighthouse report there (<page>-<run>.json),
// for the audits behind a figure (long tasks, script boot-up time). BENCH_WEB_PAGES=home,cart
// measures only those pages (the ceiling is always measured).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { firstLoadJs } from '../apps/storefront/scripts/bundle-size.mjs';
import { buildAppsIfNeeded } from './build-apps.mjs';
import { formatTable, median, scriptBytes } from './bench-web/figures.mjs';
import { htmlShows } from './bench-web/page-data.mjs';
import { prepareShopper } from './bench-web/shopper.mjs';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const storefrontDir = path.join(root, 'apps/storefront');
const ceilingDir = path.join(root, 'scripts/bench-web/ceiling');
const nextBin = path.join(root, 'node_modules/next/dist/bin/next');
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const reportDir = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : null;
const onlyPages = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
const API_PORT = 9960;
const WEB_PORT = 3360;
const CEILING_PORT = 3361;
const GUEST_DEBUG_PORT = 9366;
const SHOPPER_DEBUG_PORT = 9367;
const apiUrl = `http://localhost:${API_PORT}`;
const siteUrl = `http://localhost:${WEB_PORT}`;
const ceilingUrl = `http://localhost:${CEILING_PORT}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SESSION_COOKIE = 'auth_token';

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

/** Hash of the files in or under `paths` (skipping build output), and of the Next.js version. */
function sourceHash(paths) {
  const hash = createHash('sha256').update(require('next/package.json').version);
  const visit = (full) => {
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) {
        if (!['node_modules', '.next', 'next-env.d.ts'].includes(entry)) visit(path.join(full, entry));
      }
    } else hash.update(path.relative(root, full)).update(readFileSync(full));
  };
  for (const p of paths) visit(p);
  return hash.digest('hex');
}

/**
 * Builds the ceiling app (`next build` in scripts/bench-web/ceiling) unless its last build was
 * made from the same sources: its own, and the storefront's that it uses (configuration,
 * stylesheet, image component, data layer). Exits on a failed build.
 */
function buildCeilingIfNeeded() {
  const stamp = path.join(ceilingDir, '.next', 'vastra-source-hash');
  const current = sourceHash([
    ceilingDir,
    path.join(storefrontDir, 'src'),
    path.join(storefrontDir, 'next.config.ts'),
    path.join(root, 'packages/contracts/src'),
  ]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) return;
  console.log('Building the ceiling app…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: ceilingDir,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, current);
}

/** Starts a headless Chromium with its own profile, debugged on `port`; returns the process. */
function startChromium(port, profile) {
  return start(
    chromePath,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
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
  );
}

/**
 * Where a shopper's page shows the shopper's data: 'in HTML' when the server's first HTML holds
 * it (asked with the session cookie, no JavaScript), 'after JS' when only the page in the
 * browser (with the cookie) shows it within 20 s, 'missing' otherwise. Throws on a non-200 answer.
 */
async function whereDataShows(browser, page, token) {
  const res = await fetch(`${siteUrl}${page.path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  if (res.status !== 200) throw new Error(`${page.path} answered ${res.status} to the bench shopper`);
  if (htmlShows(await res.text(), page.expected)) return 'in HTML';
  const tab = await browser.contexts()[0].newPage();
  try {
    await tab.goto(`${siteUrl}${page.path}`);
    // Text, or the value of a field (the profile form shows the shopper's email in one).
    const shown = (texts) =>
      texts.every(
        (text) =>
          document.body.innerText.includes(text) ||
          [...document.querySelectorAll('input, textarea')].some((field) => field.value.includes(text)),
      );
    await tab.waitForFunction(shown, page.expected, { timeout: 20_000 });
    return 'after JS';
  } catch {
    return 'missing';
  } finally {
    await tab.close();
  }
}

/**
 * Logs `shopper` in on the storefront's login page in `browser`, as a shopper would; true once
 * the header bears their name. For a storefront whose pages need more than the session cookie
 * to show the shopper's data (the persisted state a login leaves).
 */
async function logInOnPage(browser, shopper) {
  const tab = await browser.contexts()[0].newPage();
  try {
    await tab.goto(`${siteUrl}/auth/login`, { waitUntil: 'networkidle' });
    const main = tab.getByRole('main');
    await main.getByLabel('Email').fill(shopper.email);
    await main.getByLabel('Password').fill(shopper.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await tab.getByRole('banner').getByRole('button', { name: shopper.name }).waitFor({ timeout: 30_000 });
    return true;
  } catch {
    return false;
  } finally {
    await tab.close();
  }
}

/**
 * One Lighthouse mobile run of `page` in the Chromium debugged on its port. A guest run lets
 * Lighthouse empty the origin's storage and cache; a shopper run empties only the HTTP cache
 * (through `browser`), keeping the session cookie and local storage.
 */
async function lighthouseRun(page, browser, reportName) {
  if (page.kind === 'shopper') {
    const tab = await browser.contexts()[0].newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await tab.close();
  }
  const result = await lighthouse(page.url, {
    port: page.kind === 'shopper' ? SHOPPER_DEBUG_PORT : GUEST_DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: page.kind === 'shopper',
  });
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${page.url}: ${runtimeError.message}`);
  if (reportDir) writeFileSync(path.join(reportDir, `${reportName}.json`), result.report);
  return {
    // A shopper's page that sends the browser to the login page measures the login page.
    redirectedTo: result.lhr.finalDisplayedUrl === page.url ? null : new URL(result.lhr.finalDisplayedUrl).pathname,
    score: Math.round(categories.performance.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    idleJsBytes: scriptBytes(audits['network-requests'].details.items, new URL(page.url).origin, page.nextDir),
  };
}

/** The rows of the table, in order (BENCH_WEB_PAGES names some of them). */
const PAGE_NAMES = [
  'ceiling',
  'home',
  'shop',
  'category',
  'search',
  'product',
  'hi/home',
  'hi/product',
  'cart',
  'checkout',
  'account',
  'account/orders',
  'wishlist',
];

async function main() {
  const unknown = onlyPages?.filter((name) => !PAGE_NAMES.includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_WEB_PAGES: no page is called ${unknown.join(', ')}`);
  buildAppsIfNeeded();
  buildCeilingIfNeeded();
  const loadAtStart = os.loadavg()[0];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vastra-bench-web-'));
  const profiles = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'vastra-bench-chromium-')));
  const children = [];
  try {
    console.log('Starting the store on a fresh embedded database, and the ceiling app…');
    const serverEnv = {
      DATA_DIR: dataDir,
      PUBLIC_URL: apiUrl,
      API_URL: `http://127.0.0.1:${API_PORT}`,
      PUBLIC_API_URL: apiUrl,
      LOG_LEVEL: 'warn',
    };
    children.push(
      start(
        process.execPath,
        ['scripts/start.mjs'],
        root,
        {
          ...serverEnv,
          PORT: String(API_PORT),
          STOREFRONT_PORT: String(WEB_PORT),
          STOREFRONT_URL: siteUrl,
          SITE_URL: siteUrl,
        },
        'store',
      ),
      start(
        process.execPath,
        [nextBin, 'start', '-p', String(CEILING_PORT)],
        ceilingDir,
        { ...serverEnv, SITE_URL: ceilingUrl, NEXT_TELEMETRY_DISABLED: '1' },
        'ceiling',
      ),
    );
    await waitFor(`${apiUrl}/ready`, 180_000);
    await waitFor(`${siteUrl}/`, 120_000);
    await waitFor(`${ceilingUrl}/`, 60_000);
    const { shopper, token, productId, expected } = await prepareShopper(apiUrl);

    const storefrontNext = path.join(storefrontDir, '.next');
    const ceilingNext = path.join(ceilingDir, '.next');
    const allPages = [
      { name: 'ceiling', kind: 'ceiling', url: `${ceilingUrl}/`, route: '/', nextDir: ceilingNext },
      { name: 'home', path: '/', route: '/[locale]' },
      { name: 'shop', path: '/shop', route: '/[locale]/shop' },
      { name: 'category', path: '/category/kurtas', route: '/[locale]/category/[slug]' },
      { name: 'search', path: '/search?q=kurta', route: '/[locale]/search' },
      { name: 'product', path: `/shop/product/${productId}`, route: '/[locale]/shop/product/[id]' },
      { name: 'hi/home', path: '/hi', route: '/[locale]' },
      { name: 'hi/product', path: `/hi/shop/product/${productId}`, route: '/[locale]/shop/product/[id]' },
      { name: 'cart', path: '/cart', route: '/[locale]/cart', expected: expected.cart },
      { name: 'checkout', path: '/checkout', route: '/[locale]/checkout', expected: expected.checkout },
      { name: 'account', path: '/account', route: '/[locale]/account', expected: expected.account },
      {
        name: 'account/orders',
        path: '/account/orders',
        route: '/[locale]/account/orders',
        expected: expected.orders,
      },
      { name: 'wishlist', path: '/wishlist', route: '/[locale]/wishlist', expected: expected.wishlist },
    ].map((page) => ({
      kind: page.expected ? 'shopper' : 'public',
      url: `${siteUrl}${page.path}`,
      nextDir: storefrontNext,
      ...page,
    }));
    if (allPages.map((page) => page.name).join() !== PAGE_NAMES.join()) throw new Error('PAGE_NAMES is out of date');
    const pages = allPages.filter((page) => page.kind === 'ceiling' || !onlyPages || onlyPages.includes(page.name));
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    // Each catalogue page once before measuring: a route's first request renders and fills the
    // server's caches. A page that fails here would be measured as an error page.
    for (const page of pages.filter((p) => p.kind !== 'shopper')) {
      const res = await fetch(page.url);
      if (res.status !== 200) throw new Error(`${page.url} answered ${res.status}`);
    }

    children.push(startChromium(GUEST_DEBUG_PORT, profiles[0]), startChromium(SHOPPER_DEBUG_PORT, profiles[1]));
    await waitFor(`http://127.0.0.1:${GUEST_DEBUG_PORT}/json/version`, 30_000);
    await waitFor(`http://127.0.0.1:${SHOPPER_DEBUG_PORT}/json/version`, 30_000);
    const guestBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${GUEST_DEBUG_PORT}`);
    const shopperBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${SHOPPER_DEBUG_PORT}`);
    // The session the API would have set on logging in: host-only on localhost, so the
    // storefront's server and the API (other ports, same site) both receive it.
    await shopperBrowser
      .contexts()[0]
      .addCookies([{ name: SESSION_COOKIE, value: token, url: siteUrl, httpOnly: true, sameSite: 'Lax' }]);
    const shopperPages = pages.filter((p) => p.kind === 'shopper');
    for (const page of shopperPages) page.data = await whereDataShows(shopperBrowser, page, token);
    const notShown = shopperPages.filter((page) => page.data === 'missing').map((page) => page.name);
    const loggedInOnPage = notShown.length > 0 && (await logInOnPage(shopperBrowser, shopper));
    if (loggedInOnPage) {
      for (const page of shopperPages.filter((p) => p.data === 'missing')) {
        const data = await whereDataShows(shopperBrowser, page, token);
        page.data = data === 'after JS' ? 'after login + JS' : data;
      }
    }
    for (const page of shopperPages) console.log(`${page.name}: the shopper's data: ${page.data}`);

    const firstLoad = new Map(
      [storefrontNext, ceilingNext].map((dir) => [dir, new Map(firstLoadJs(dir).map((r) => [r.route, r.gzipBytes]))]),
    );
    const results = new Map(pages.map((page) => [page, []]));
    for (let i = 0; i < runs; i++) {
      for (const page of pages) {
        const browser = page.kind === 'shopper' ? shopperBrowser : guestBrowser;
        const result = await lighthouseRun(page, browser, `${page.name.replace('/', '-')}-${i + 1}`);
        results.get(page).push(result);
        console.log(`run ${i + 1}/${runs} ${page.name}: score ${result.score}`);
      }
    }
    await guestBrowser.close();
    await shopperBrowser.close();

    const rows = pages.map((page) => {
      const redirectedTo = results.get(page).find((run) => run.redirectedTo)?.redirectedTo;
      return {
        name: page.name,
        kind: page.kind,
        runs: results.get(page),
        firstLoadBytes: firstLoad.get(page.nextDir).get(page.route) ?? null,
        data: redirectedTo ? `redirected to ${redirectedTo}` : page.data,
      };
    });
    console.log(
      `\nLighthouse ${require('lighthouse/package.json').version}, mobile, simulated throttling; median of ${runs} runs; ` +
        `Next.js ${require('next/package.json').version}; load average (1 min) ${loadAtStart.toFixed(1)} at the start, ` +
        `${os.loadavg()[0].toFixed(1)} at the end, on ${os.availableParallelism()} cores\n`,
    );
    console.log(formatTable(rows));
    console.log(
      '\n✓/✗: the goal (docs/performance.md) met or not. JS by idle: gzip of every script the run loaded. ' +
        "Shopper's data: in the server's first HTML, only after JS, or missing. " +
        'vs ceiling: the page ÷ the ceiling row (TBT as a difference when the ceiling has none).',
    );
    for (const name of ['home', 'product']) {
      const [en, hi] = [name, `hi/${name}`].map((n) => rows.find((row) => row.name === n));
      if (!en || !hi) continue;
      const [enScore, hiScore] = [en, hi].map((row) => median(row.runs.map((run) => run.score)));
      const gap = enScore - hiScore;
      console.log(
        `Hindi ${name}: score ${hiScore} vs English ${enScore} in the same run (${gap <= 3 ? '✓' : '✗'} within 3 points)`,
      );
    }
    if (loggedInOnPage) {
      console.log(
        `The session cookie alone did not show the shopper's data on ${notShown.join(', ')}: the bench logged in ` +
          "on /auth/login, and every shopper's page was measured with what that login left in the browser.",
      );
    }
  } finally {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group has already stopped
      }
    }
    await new Promise((r) => setTimeout(r, 3000));
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already stopped
      }
    }
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
