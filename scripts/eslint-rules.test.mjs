// The module-boundary rules of eslint.config.mjs (docs/architecture.md "Who calls whom") catch
// planted violations and let the allowed forms through. Run: node --test scripts/
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// no-unresolved too, so an allowed import is shown to pass because it resolved, not because it could not.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['apps/api/src/**/*.ts', 'apps/storefront/src/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-unresolved': 'error' },
  },
});

/** The messages of `rule` for `code` linted as if it were the file at `file`. */
async function problems(file, code, rule = 'import-x/no-restricted-paths') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const ORDERS = 'apps/api/src/modules/orders/planted.ts';

test('an API module importing another module’s tables or internals, or db/schema, fails lint', async () => {
  const cases = [
    "import { cartItems } from '../cart/tables';\nexport const t = cartItems;\n",
    "import { allocate } from '../store/totals';\nexport const a = allocate;\n",
    "import { orders } from '../../db/schema';\nexport const o = orders;\n",
  ];
  for (const code of cases) {
    const found = await problems(ORDERS, code);
    assert.equal(found.length, 1, code);
  }
  assert.match((await problems(ORDERS, cases[0]))[0], /only through cart\/index\.ts or cart\/service\.ts/);
});

test('the allowed forms pass: index.ts, service.ts, a tables.ts foreign key, a test reading db/schema', async () => {
  assert.deepEqual(
    await problems(ORDERS, "import { CartService } from '../cart/service';\nexport const c = CartService;\n"),
    [],
  );
  assert.deepEqual(await problems(ORDERS, "import * as cart from '../cart';\nexport const c = cart;\n"), []);
  assert.deepEqual(
    await problems(
      'apps/api/src/modules/orders/tables.ts',
      "import { products } from '../catalog/tables';\nexport const p = products;\n",
    ),
    [],
  );
  assert.deepEqual(
    await problems(
      'apps/api/src/modules/orders/planted.test.ts',
      "import { orders } from '../../db/schema';\nexport const o = orders;\n",
    ),
    [],
  );
});

test('module code importing the seed fails lint (the seed calls the modules); a test may seed', async () => {
  const catalog = 'apps/api/src/modules/catalog/planted.ts';
  for (const code of [
    "import { hash } from '../../db/seed/text';\nexport const h = hash;\n",
    "import { seedCatalog } from '../../db/seed';\nexport const s = seedCatalog;\n",
  ]) {
    const found = await problems(catalog, code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /The seed calls the modules, never the other way round/);
  }
  assert.deepEqual(
    await problems(
      'apps/api/src/modules/catalog/planted.test.ts',
      "import { seedCatalog } from '../../db/seed';\nexport const s = seedCatalog;\n",
    ),
    [],
  );
});

test('a storefront feature importing another feature fails lint, by alias or relative path', async () => {
  const file = 'apps/storefront/src/features/cart/planted.tsx';
  for (const code of [
    "import { WishlistHeart } from '@/features/wishlist/wishlist-row';\nexport const w = WishlistHeart;\n",
    "import { WishlistHeart } from '../wishlist/wishlist-row';\nexport const w = WishlistHeart;\n",
  ]) {
    const found = await problems(file, code);
    assert.equal(found.length, 1, code);
    assert.match(found[0], /Features don't import each other/);
  }
  assert.deepEqual(
    await problems(file, "import { formatPrice } from '@/lib/format';\nexport const f = formatPrice;\n"),
    [],
  );
  assert.deepEqual(await problems(file, "import { CartLine } from './cart-line';\nexport const c = CartLine;\n"), []);
});

test('a module source file over 400 lines fails lint', async () => {
  const code = Array.from({ length: 401 }, (_, i) => `export const n${i} = ${i};`).join('\n') + '\n';
  assert.equal((await problems(ORDERS, code, 'max-lines')).length, 1);
  assert.equal((await problems(ORDERS, code.split('\n').slice(0, 300).join('\n') + '\n', 'max-lines')).length, 0);
});

test('a type-only import of a module internal, or a tables.ts importing one, fails lint', async () => {
  assert.equal(
    (await problems(ORDERS, "import type { Coupon } from '../coupons/tables';\nexport type C = Coupon;\n")).length,
    1,
  );
  const tables = 'apps/api/src/modules/orders/tables.ts';
  assert.equal(
    (await problems(tables, "import { allocate } from '../store/totals';\nexport const a = allocate;\n")).length,
    1,
  );
});

test('app.ts, the plugins and the seed reach a module only through index.ts or service.ts', async () => {
  const internal = "import { SessionService } from '../modules/auth/sessions';\nexport const s = SessionService;\n";
  assert.match((await problems('apps/api/src/plugins/planted.ts', internal))[0], /only through auth\/index\.ts/);
  assert.equal(
    (await problems('apps/api/src/app.ts', "import { r } from './modules/orders/routes';\nexport const x = r;\n"))
      .length,
    1,
  );
  assert.equal(
    (
      await problems(
        'apps/api/src/db/seed/planted.ts',
        "import { s } from '../../modules/catalog/search';\nexport const x = s;\n",
      )
    ).length,
    1,
  );
  for (const [file, code] of [
    [
      'apps/api/src/plugins/planted.ts',
      "import { SessionService } from '../modules/auth';\nexport const s = SessionService;\n",
    ],
    [
      'apps/api/src/app.ts',
      "import { OrdersService } from './modules/orders/service';\nexport const o = OrdersService;\n",
    ],
    [
      'apps/api/src/db/seed/planted.ts',
      "import { products } from '../../modules/catalog/tables';\nexport const p = products;\n",
    ],
  ]) {
    assert.deepEqual(await problems(file, code), [], code);
    assert.deepEqual(await problems(file, code, 'import-x/no-unresolved'), [], code);
  }
});

test('the allowed forms resolve (they pass the boundary rule on their merits)', async () => {
  for (const [file, code] of [
    [ORDERS, "import * as cart from '../cart';\nexport const c = cart;\n"],
    [ORDERS, "import { CartService } from '../cart/service';\nexport const c = CartService;\n"],
    [
      'apps/api/src/modules/orders/tables.ts',
      "import { products } from '../catalog/tables';\nexport const p = products;\n",
    ],
    [
      'apps/storefront/src/features/cart/planted.tsx',
      "import { formatPrice } from '@/lib/format';\nexport const f = formatPrice;\n",
    ],
  ]) {
    assert.deepEqual(await problems(file, code, 'import-x/no-unresolved'), [], code);
  }
});

test('max-lines counts neither blank lines nor comments, and leaves tests alone', async () => {
  const lines = Array.from({ length: 400 }, (_, i) => `export const n${i} = ${i};`).join('\n') + '\n';
  assert.equal((await problems(ORDERS, lines + '\n// why\n'.repeat(50), 'max-lines')).length, 0);
  const test = 'apps/api/src/modules/orders/planted.test.ts';
  assert.equal((await problems(test, lines + lines, 'max-lines')).length, 0);
});

test('a storefront component that sets state straight in an effect, or writes a ref while rendering, fails lint', async () => {
  const file = 'apps/storefront/src/features/cart/planted.tsx';
  const inEffect = `import { useEffect, useState } from 'react';
export function Planted({ id }: { id: string }) {
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(false), [id]);
  return <p>{String(open)}</p>;
}
`;
  assert.equal((await problems(file, inEffect, 'react-hooks/set-state-in-effect')).length, 1);
  const refInRender = `import { useRef } from 'react';
export function Planted({ id }: { id: string }) {
  const latest = useRef(id);
  latest.current = id;
  return <p>{id}</p>;
}
`;
  assert.equal((await problems(file, refInRender, 'react-hooks/refs')).length, 1);
  const adjusted = `import { useState } from 'react';
export function Planted({ id }: { id: string }) {
  const [open, setOpen] = useState(true);
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setOpen(false);
  }
  return <p>{String(open)}</p>;
}
`;
  assert.deepEqual(await problems(file, adjusted, 'react-hooks/set-state-in-effect'), []);
});
