import type { NextConfig } from 'next';
import { nextConfig as storefront } from '../../../apps/storefront/next.base-config';

/**
 * The bench's ceiling app (scripts/bench-web.mjs): the storefront's own configuration (image
 * optimiser, formats, qualities, transpiled contracts), so its one page goes through the same
 * pipeline as the storefront's hero.
 */
const nextConfig: NextConfig = { ...storefront };

export default nextConfig;
