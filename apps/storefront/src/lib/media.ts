import { VIDEO_EXTENSIONS } from '@vastra/contracts';

/**
 * Catalogue media arrive as absolute URLs on the API host (`http://api:9000/media/x.jpg`).
 * The storefront serves them from its own origin through the /media route handler, so
 * `next/image` gets a same-origin path whatever the API's address is. URLs outside /media
 * are returned unchanged (and rendered unoptimised).
 */
export function toMediaSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.pathname.startsWith('/media/')) return `${parsed.pathname}${parsed.search}`;
    return url;
  } catch {
    return null;
  }
}

/** Videos are recognised by their extension, mp4 or webm (behaviour.md §9). */
export function isVideo(url: string | null | undefined): boolean {
  if (!url) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

/** Whether next/image can optimise this source (same-origin raster image). */
export function isOptimisable(src: string): boolean {
  return src.startsWith('/') && !src.split('?')[0]!.toLowerCase().endsWith('.svg');
}

/**
 * next/image's optimiser URL for `src` at `width` pixels (its default loader's, quality 75 as
 * next.config.ts allows); sources it cannot optimise are returned as they are.
 */
export function optimisedSrc(src: string, width: number): string {
  if (!isOptimisable(src)) return src;
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75`;
}
