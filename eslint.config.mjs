import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

const API = 'apps/api/src';
const API_MODULES = `${API}/modules`;
const FEATURES = 'apps/storefront/src/features';

/**
 * Module boundaries (docs/architecture.md "Who calls whom"): an API module reaches another only
 * through its `index.ts` or `service.ts`; a `tables.ts` may also reference another module's
 * `tables.ts` (foreign keys). Module code never imports `db/schema.ts`, which only gathers the
 * tables for migrations, nor `db/seed`, which calls the modules (the catalogue's writer and
 * CSV import among them). Tests are exempt: they read any table through db/schema and seed.
 */
const moduleZones = ({ tables }) =>
  folders(API_MODULES).flatMap((target) => [
    ...folders(API_MODULES)
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./${API_MODULES}/${target}`,
        from: `./${API_MODULES}/${from}`,
        except: ['./index.ts', './service.ts', ...(tables ? ['./tables.ts'] : [])],
        message: `The ${target} module may use the ${from} module only through ${from}/index.ts or ${from}/service.ts (docs/architecture.md).`,
      })),
    {
      target: `./${API_MODULES}/${target}`,
      from: './apps/api/src/db/schema.ts',
      message:
        'Module code reads its own tables and asks other modules through their services; db/schema.ts only gathers tables for migrations.',
    },
    {
      target: `./${API_MODULES}/${target}`,
      from: `./${API}/db/seed`,
      message:
        'The seed calls the modules, never the other way round: what a module needs of it belongs in the module (the catalogue writes products, docs/architecture.md).',
    },
  ]);

/**
 * Code outside the modules (app.ts, server.ts, ops.ts, plugins, lib, db/seed) also reaches a
 * module only through its `index.ts` or `service.ts`; the seed may also write its `tables.ts`.
 */
const outsideZones = ({ tables }) =>
  folders(API_MODULES).map((from) => ({
    target: tables ? `./${API}/db/seed` : [`./${API}/*.ts`, `./${API}/plugins`, `./${API}/lib`],
    from: `./${API_MODULES}/${from}`,
    except: ['./index.ts', './service.ts', ...(tables ? ['./tables.ts'] : [])],
    message: `Use the ${from} module only through ${from}/index.ts or ${from}/service.ts (docs/architecture.md).`,
  }));

/** Storefront features never import each other: shared pieces go to components/ or lib/. */
const featureZones = folders(FEATURES).flatMap((target) =>
  folders(FEATURES)
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./${FEATURES}/${target}`,
      from: `./${FEATURES}/${from}`,
      message: `Features don't import each other: move what ${target} needs from ${from} to components/ or lib/ (docs/architecture.md).`,
    })),
);

const resolver = createTypeScriptImportResolver({
  project: [
    'apps/api/tsconfig.json',
    'apps/storefront/tsconfig.json',
    'apps/admin/tsconfig.json',
    'packages/contracts/tsconfig.json',
  ],
  noWarnOnMultipleProjects: true,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/data/**',
      '**/dist/**',
      '**/next-env.d.ts',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`${API}/**/*.ts`, `${FEATURES}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
  },
  {
    files: [`${API_MODULES}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones({ tables: false }) }],
      // A module file does one job; past about 400 lines it is two (docs/architecture.md).
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: [`${API_MODULES}/*/tables.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones({ tables: true }) }] },
  },
  {
    files: [`${API}/*.ts`, `${API}/plugins/**/*.ts`, `${API}/lib/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: outsideZones({ tables: false }) }] },
  },
  {
    files: [`${API}/db/seed/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: outsideZones({ tables: true }) }] },
  },
  // The storefront: React's hooks rules (the rules of hooks, effect dependencies and the React
  // Compiler's checks: no setState straight in an effect, no refs read or written while
  // rendering) and Next.js's rules, warnings included (lint runs with --max-warnings 0).
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: 'apps/storefront' } },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },
  {
    files: [`${FEATURES}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }] },
  },
  // The merchant admin (react-admin on Vite): the same React hooks and compiler rules.
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { window: 'readonly', document: 'readonly', FormData: 'readonly' } },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
);
