import { DEFAULT_BRAND_COLOUR } from '@vastra/contracts';
import type { CSSProperties } from 'react';

/** `#rrggbb` mixed with `#rrggbb` of `other` by `share` (0–1). */
function mix(hex: string, other: string, share: number): string {
  const channel = (h: string, i: number) => parseInt(h.slice(i, i + 2), 16);
  const out = [1, 3, 5].map((i) =>
    Math.round(channel(hex, i) * (1 - share) + channel(other, i) * share)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${out.join('')}`;
}

/**
 * The CSS variables of the brand palette (globals.css) for the store's colour (its 700 shade,
 * the one buttons and links use), with lighter and darker shades mixed from it; none for the
 * default colour, whose palette globals.css already has.
 */
export function brandColourStyle(colour: string): CSSProperties | undefined {
  if (colour.toLowerCase() === DEFAULT_BRAND_COLOUR) return undefined;
  return {
    '--color-brand-50': mix(colour, '#ffffff', 0.94),
    '--color-brand-100': mix(colour, '#ffffff', 0.88),
    '--color-brand-200': mix(colour, '#ffffff', 0.72),
    '--color-brand-600': mix(colour, '#ffffff', 0.12),
    '--color-brand-700': colour,
    '--color-brand-800': mix(colour, '#000000', 0.2),
  } as CSSProperties;
}
