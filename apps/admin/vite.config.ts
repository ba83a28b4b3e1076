/**
 * Builds the merchant admin (docs/admin.md) into `dist/`, served by the API at /admin on its
 * own origin. `npm run dev -w apps/admin` serves it on :5173 with /admin/api proxied to the API.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/admin/api': process.env.API_URL ?? 'http://localhost:9000' } },
});
