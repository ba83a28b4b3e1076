// Runs the browser journeys with their files in a random order, to show that none depends on
// another having run before it (each gets its own people and data: support/fixtures.ts).
// Playwright runs a run's files in the order of their names, so this writes one file per
// journey file into e2e/.shuffled, named by its place in the shuffled order and importing the
// journey, and runs Playwright on that folder (playwright.shuffled.config.ts).
//
//   node scripts/shuffled.mjs [--seed N] [playwright args…]
//
// The seed is printed: `--seed N` runs that order again. Run it after scripts/prepare.mjs, as
// `npm run test:shuffled -w e2e` does (a fresh database, built apps).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(e2e, '.shuffled');

const args = process.argv.slice(2);
const at = args.indexOf('--seed');
const seed = at === -1 ? Math.floor(Math.random() * 2 ** 31) : Number(args.splice(at, 2)[1]);
if (!Number.isInteger(seed)) throw new Error('--seed takes an integer');

/** mulberry32: a small seeded generator, so a seed names one order. */
function generator(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const random = generator(seed);
const specs = readdirSync(path.join(e2e, 'tests'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
// Fisher–Yates.
for (let i = specs.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [specs[i], specs[j]] = [specs[j], specs[i]];
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const width = String(specs.length).length;
for (const [index, spec] of specs.entries()) {
  writeFileSync(
    path.join(out, `${String(index + 1).padStart(width, '0')}-${spec}`),
    `import '../tests/${spec.replace(/\.ts$/, '')}';\n`,
  );
}
console.log(`Seed ${seed}: ${specs.join(' ')}`);

const run = spawnSync('npx', ['playwright', 'test', '--config', 'playwright.shuffled.config.ts', ...args], {
  cwd: e2e,
  stdio: 'inherit',
});
console.log(`Seed ${seed} (node scripts/shuffled.mjs --seed ${seed} runs this order again)`);
process.exit(run.status ?? 1);
