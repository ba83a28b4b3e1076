'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import { isVideo, toMediaSrc } from '@/lib/media';

/**
 * One photo or video of the gallery. Photos come rendered by the server (MediaImage), as a
 * thumbnail and a large view, so that no image code loads in the browser.
 */
export type GalleryItem = { url: string; isPrimary: boolean; thumbnail: ReactNode; view: ReactNode };

/** The product's photos and videos (mp4/webm, behaviour.md §9): a large view and thumbnails to switch. */
export function ProductGallery({ items, name }: { items: GalleryItem[]; name: string }) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      items.findIndex((m) => m.isPrimary),
    ),
  );
  const current = items[index] ?? items[0]!;
  const count = items.length;
  const t = useTranslations('product.gallery');

  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start">
      {count > 1 && (
        <ul
          aria-label={t('label')}
          className="scrollbar-none flex gap-2 overflow-x-auto sm:flex-col sm:overflow-visible"
        >
          {items.map((item, i) => {
            const video = isVideo(item.url);
            return (
              <li key={`${item.url}-${i}`} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-pressed={i === index}
                  className={`relative block aspect-[3/4] w-16 overflow-hidden rounded-md border-2 bg-stone-100 ${
                    i === index ? 'border-brand-700' : 'border-transparent hover:border-stone-300'
                  }`}
                >
                  {video ? (
                    <span className="absolute inset-0 grid place-items-center bg-stone-800 text-white">
                      <PlayIcon />
                    </span>
                  ) : (
                    item.thumbnail
                  )}
                  <span className="sr-only">{t(video ? 'showVideo' : 'showImage', { index: i + 1, count })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative mx-auto aspect-[3/4] w-full max-w-md overflow-hidden rounded-xl bg-stone-100 sm:mx-0 sm:flex-1">
        {isVideo(current.url) ? (
          <video
            key={current.url}
            src={toMediaSrc(current.url) ?? undefined}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={t('video', { name })}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          current.view
        )}
      </div>
    </div>
  );
}
