/**
 * The admin's component and unit tests (`src/**\/*.test.ts(x)`): Vitest with Testing Library in
 * happy-dom, on the same Vite config as the build. Two workers: the machine has two cores. Files
 * share their worker's modules (isolate: false): importing react-admin and Material UI once per
 * worker instead of once per file halves the run. Each test's fetch stub and rendered tree are
 * undone after it (test/http.ts, test/setup.ts), and the auth provider's cached session is
 * forgotten before each render (test/render.tsx).
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      maxWorkers: 2,
      isolate: false,
      testTimeout: 30_000,
    },
  }),
);
