/**
 * The admin's component and unit tests (`src/**\/*.test.ts(x)`): Vitest with Testing Library in
 * happy-dom, on the same Vite config as the build. Two workers: the machine has two cores.
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
      testTimeout: 15_000,
    },
  }),
);
