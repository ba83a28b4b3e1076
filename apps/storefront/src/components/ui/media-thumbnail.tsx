import { optimisedSrc, toMediaSrc } from '@/lib/media';
import { MediaPlaceholder } from './media-placeholder';

/** Widths (of next/image's allowed sizes) offered for a thumbnail up to 48 CSS pixels wide, at 1–3× density. */
const THUMBNAIL_WIDTHS = [48, 96, 128];

/**
 * A small decorative catalogue thumbnail filling its (relatively positioned) box, for lists
 * only the browser draws (mini cart, search suggestions). A plain `<img>` on next/image's
 * optimiser URLs: MediaImage would bring next/image's code into every page's JavaScript.
 */
export function MediaThumbnail({ url, sizes }: { url: string | null | undefined; sizes: string }) {
  const src = toMediaSrc(url);
  if (!src) return <MediaPlaceholder alt="" />;
  const srcSet = THUMBNAIL_WIDTHS.map((width) => `${optimisedSrc(src, width)} ${width}w`).join(', ');
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's markup without its client code (see above)
    <img
      src={optimisedSrc(src, THUMBNAIL_WIDTHS.at(-1)!)}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      loading="lazy"
      decoding="async"
      className="absolute inset-0 size-full object-cover text-transparent"
    />
  );
}
