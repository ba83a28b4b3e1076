'use client';

import { lazyIsland } from '@/lib/lazy-island';

/**
 * The header's search box and phone menu, rendered by the server as ever, their code loaded
 * beside the page's rather than in its first-load JavaScript (docs/performance.md): until it is
 * there the search box is a plain form that submits to /search.
 */
export const SearchBox = lazyIsland(() => import('./search-box').then((module) => module.SearchBox));

/** The phone menu (mobile-menu.tsx), loaded as the search box is. */
export const MobileMenu = lazyIsland(() => import('./mobile-menu').then((module) => module.MobileMenu));

/** The bar offering the other language (language-offer.tsx), on few pages: loaded as the search box is. */
export const LanguageOffer = lazyIsland(() => import('./language-offer').then((module) => module.LanguageOffer));
