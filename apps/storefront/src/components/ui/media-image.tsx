import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';
import { isOptimisable, toMediaSrc } from '@/lib/media';
import { MediaPlaceholder } from './media-placeholder';

type MediaImageProps = {
  /** An image URL from the API (absolute on the API host) or a same-origin path. */
  url: string | null | undefined;
  alt: string;
  /** The `sizes` attribute for the responsive image. */
  sizes: string;
  preload?: boolean;
  className?: string;
};

/**
 * A catalogue image that fills its (relatively positioned) box, through next/image's optimiser
 * and the same-origin /media route. Without a URL it draws a quiet placeholder.
 *
 * A plain `<img>` with next/image's computed attributes rather than its `<Image>`: that one is
 * a client component, whose ~6 kB of JavaScript every route would load (the header's cart and
 * search show images); `getImageProps` renders the same markup with none from server components.
 */
export function MediaImage({ url, alt, sizes, preload, className = 'object-cover' }: MediaImageProps) {
  const src = toMediaSrc(url);
  if (!src) return <MediaPlaceholder alt={alt} />;
  const { props } = getImageProps({
    src,
    alt,
    fill: true,
    sizes,
    preload,
    unoptimized: !isOptimisable(src),
    className,
  });
  // What <Image preload> does in the app router: a <link rel="preload"> in the head.
  if (preload) {
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: props.fetchPriority,
    });
  }
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes (getImageProps), without its client component
  return <img {...props} alt={alt} />;
}
