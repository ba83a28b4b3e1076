import Image from 'next/image';
import { isOptimisable, toMediaSrc } from '@/lib/media';

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
 * A catalogue image that fills its (relatively positioned) box, through next/image and the
 * same-origin /media route. Without a URL it draws a quiet placeholder.
 */
export function MediaImage({ url, alt, sizes, preload, className = 'object-cover' }: MediaImageProps) {
  const src = toMediaSrc(url);
  if (!src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className="absolute inset-0 flex items-center justify-center bg-stone-100 text-xs font-medium tracking-widest text-stone-600 uppercase"
      >
        Vastra
      </div>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      fill
      sizes={sizes}
      preload={preload}
      unoptimized={!isOptimisable(src)}
      className={className}
    />
  );
}
