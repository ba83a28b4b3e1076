import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/**
 * Locale-aware Link, redirect, usePathname, useRouter and getPathname: hrefs are written
 * without a locale ('/shop') and get `/hi` in front on Hindi pages; usePathname answers without it.
 */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
