/**
 * The browser tests with their files in the order scripts/shuffled.mjs drew: the same stack and
 * settings as playwright.config.ts, its tests read from .shuffled (one file per journey file,
 * named by its place in the order; Playwright runs files in the order of their names).
 */
import { defineConfig } from '@playwright/test';
import config from './playwright.config';

export default defineConfig({ ...config, testDir: './.shuffled' });
