/**
 * Scenario 7: a mixed load through nginx at 50 connections for RELIABILITY_LOAD_SECONDS (60):
 * each connection is one shopper who browses (the home page's sections, product lists and pages), searches, adds to and
 * reads the cart (clearing it every few adds), asks for checkout quotes and places COD orders.
 * Every answer must be 2xx: stock is set far above what the load can sell, the order limits are
 * raised (stack.ts RAISED_LIMITS), each shopper has its own address and its cart never reaches
 * a line's maximum, so no refusal is expected. Each instance's RSS (VmRSS) is read after a
 * third of the time (caches full, the heap at its working size), after two thirds and at the
 * end. A leak grows in every third: growth over 25 % in the last third fails, and so does
 * doubling after the first. A load of two minutes or more (a soak,
 * `RELIABILITY_LOAD_SECONDS=600`) also prints each instance's RSS at the end of every minute,
 * to show that memory levels off (docs/performance.md "Memory").
 */
import fs from 'node:fs';
import { BENGALURU_ADDRESS } from '../../src/test/orders';
import { as, call, orderBody, registerShopper, statusCounts, type Answer, type Shopper } from '../client';
import { line, takeSizes, type Size } from '../fixtures';
import type { Stack } from '../stack';
import { checks, type Scenario } from './types';

const CONNECTIONS = 50;
/** Most RSS growth allowed in the last third of the load, and from a third to the end. */
const MAX_LATE_GROWTH = 0.25;
const MAX_GROWTH = 1;

/** An instance's resident memory in MB, from /proc. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

type Action = { name: string; weight: number; run(s: Shopper, step: number): Promise<Answer> };

function actions(stack: Stack, sizes: Size[], productIds: string[], terms: string[]): Action[] {
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  const go = (s: Shopper, method: string, path: string, json?: unknown) =>
    call(stack.url, method, path, as(s, { json }));
  return [
    {
      name: 'browse',
      weight: 20,
      run: (s, n) => go(s, 'GET', n % 4 === 0 ? '/homepage-sections' : `/products/search?page=${1 + (n % 5)}&limit=24`),
    },
    { name: 'product page', weight: 20, run: (s, n) => go(s, 'GET', `/products/${pick(productIds, n * 7)}`) },
    {
      name: 'search',
      weight: 15,
      run: (s, n) => go(s, 'GET', `/products/search?q=${encodeURIComponent(pick(terms, n))}`),
    },
    {
      name: 'cart add',
      weight: 12,
      // Every fifth add clears the cart first, so no line reaches its maximum quantity.
      run: async (s, n) => {
        if (n % 5 === 0) {
          const cleared = await go(s, 'DELETE', '/cart/clear');
          if (cleared.status >= 300) return cleared;
        }
        const size = pick(sizes, n);
        return go(s, 'POST', '/cart/add', { productId: size.productId, variantId: size.variantId, quantity: 1 });
      },
    },
    { name: 'cart', weight: 8, run: (s) => go(s, 'GET', '/cart') },
    {
      name: 'checkout quote',
      weight: 15,
      run: (s, n) =>
        go(s, 'POST', '/checkout/quote', {
          items: [line(pick(sizes, n)), line(pick(sizes, n + 3), 2)],
          stateCode: '29',
        }),
    },
    {
      name: 'order',
      weight: 10,
      run: (s, n) =>
        go(s, 'POST', '/orders', { ...orderBody([line(pick(sizes, n))]), shippingAddress: BENGALURU_ADDRESS }),
    },
  ];
}

export const mixedLoad: Scenario = {
  id: 7,
  name: 'mixed load',
  summary: `mixed load at ${CONNECTIONS} connections`,
  async run(stack) {
    const seconds = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
    const sizes = await takeSizes(stack.db, 20, 1_000_000);
    const { rows: products } = await stack.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM products WHERE is_active ORDER BY id LIMIT 300',
    );
    const terms = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/\s+/)).filter((w) => w.length > 3))];
    terms.push('kurta', 'blue jeans', 'shirt men', 'sneakers');
    const shoppers: Shopper[] = [];
    for (let i = 0; i < CONNECTIONS; i += 10) {
      shoppers.push(...(await Promise.all(Array.from({ length: 10 }, () => registerShopper(stack.url, 'load')))));
    }
    const list = actions(
      stack,
      sizes,
      products.map((p) => p.id),
      terms,
    );
    const total = list.reduce((sum, a) => sum + a.weight, 0);
    const choose = (r: number) => {
      let x = r * total;
      for (const a of list) if ((x -= a.weight) < 0) return a;
      return list[list.length - 1]!;
    };
    const byAction = new Map(list.map((a) => [a.name, [] as Answer[]]));
    const pids = () => stack.instances.map((i) => i.pid);
    const rss: { when: string; mb: number[] }[] = [];
    const sample = (when: string) => rss.push({ when, mb: pids().map(rssMb) });
    const started = Date.now();
    const end = started + seconds * 1000;
    const timers = [
      setTimeout(() => sample('a third'), (seconds * 1000) / 3),
      setTimeout(() => sample('two thirds'), (seconds * 2000) / 3),
    ];
    const minutes: number[][] = [];
    const perMinute = seconds >= 120 ? setInterval(() => minutes.push(pids().map(rssMb)), 60_000) : undefined;
    await Promise.all(
      shoppers.map(async (s, w) => {
        for (let n = w; Date.now() < end; n += CONNECTIONS) {
          const action = choose(Math.random());
          byAction.get(action.name)!.push(await action.run(s, n));
        }
      }),
    );
    for (const t of timers) clearTimeout(t);
    clearInterval(perMinute);
    sample('end');
    const answers = [...byAction.values()].flat();
    const errors = answers.filter((a) => a.status < 200 || a.status >= 300);
    const { failures, check } = checks();
    check(
      errors.length === 0,
      `${errors.length} non-2xx: ${statusCounts(errors)} ${errors[0]?.text.slice(0, 200) ?? ''}`,
    );
    check(rss.length === 3, 'RSS not sampled three times');
    const growth = stack.instances.map((_, i) => rss[2]!.mb[i]! / rss[0]!.mb[i]! - 1);
    const lateGrowth = stack.instances.map((_, i) => rss[2]!.mb[i]! / rss[1]!.mb[i]! - 1);
    const percents = (list: number[]) => list.map((g) => `${Math.round(g * 100)} %`).join(' / ');
    check(
      lateGrowth.every((g) => g <= MAX_LATE_GROWTH),
      `RSS grew ${percents(lateGrowth)} in the last third`,
    );
    check(
      growth.every((g) => g <= MAX_GROWTH),
      `RSS grew ${percents(growth)} after the first third`,
    );
    const rate = answers.length / seconds;
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    for (const [name, a] of byAction) console.log(`  ${name.padEnd(15)} ${statusCounts(a)}`);
    const rssText = rss.map((r) => `${r.when} ${r.mb.map((m) => m.toFixed(0)).join('/')}`).join(', ');
    console.log(`RSS MB (instance 1/2): ${rssText}`);
    if (minutes.length > 0) {
      console.log('RSS MB per minute (minute: instance 1 / instance 2):');
      minutes.forEach((mb, i) =>
        console.log(`  ${String(i + 1).padStart(3)}: ${mb.map((m) => m.toFixed(0)).join(' / ')}`),
      );
    }
    return {
      done: `${seconds} s at ${CONNECTIONS} connections through nginx: browse, search, cart, checkout quote, COD order (${answers.length} requests, ${rate.toFixed(0)} req/s, p99 ${p99.toFixed(0)} ms); RSS after a third, two thirds and at the end`,
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `0 errors (${statusCounts(answers)}); RSS MB ${rssText} (growth ${percents(lateGrowth)} in the last third, limit ${MAX_LATE_GROWTH * 100} %; ${percents(growth)} after the first, limit ${MAX_GROWTH * 100} %)`,
    };
  },
};
