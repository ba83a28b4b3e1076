// `npm run build -w apps/api`: compiles the API for production into dist/ with esbuild, one
// ES module per entry point (shared code in chunks beside them). npm packages stay external
// and load from node_modules; the workspace's @vastra/contracts ships TypeScript, so it is
// bundled. `npm start` runs `node dist/server.js`, the worker service `node dist/worker.js`;
// `tsx` stays for `npm run dev` and tests.
//
// The code finds files next to its sources at run time (migrations, the admin app's dist,
// data-sources) through `import.meta.url`. dist/ sits beside src/, so each source file's
// `import.meta.url` is rewritten to that source file's own URL, computed from dist/: every
// such path resolves exactly as under tsx.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DIST_DIR = path.join(apiDir, 'dist');

/** Entry points production runs: the server, the jobs worker, and the CLIs an operator runs beside it. */
const ENTRIES = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'seed-cli': 'src/db/seed/cli.ts',
  'import-cli': 'src/db/seed/import-cli.ts',
};

/** Rewrites `import.meta.url` in a source file to the URL of that file, as seen from `outDir`. */
const sourceUrlPlugin = (outDir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromDist = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/**
 * Builds dist/ (or `outDir`, which must sit inside apps/api so node_modules resolve) from src/;
 * rejects with esbuild's errors (already printed) on failure.
 */
export async function buildApi(outDir = DIST_DIR) {
  // Chunk names carry a hash: clear the last build's so none is left behind.
  await rm(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: apiDir,
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Everything from node_modules but the workspace's contracts, which is TypeScript source.
    packages: 'external',
    plugins: [
      sourceUrlPlugin(outDir),
      {
        name: 'bundle-contracts',
        setup(build) {
          build.onResolve({ filter: /^@vastra\/contracts$/ }, () => ({
            path: path.join(apiDir, '../../packages/contracts/src/index.ts'),
          }));
        },
      },
    ],
    logLevel: 'warning',
  });
}

// `node scripts/build.mjs [outDir]`: the reliability suite builds into its own folder.
if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildApi(process.argv[2] ? path.resolve(process.argv[2]) : DIST_DIR);
