'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/** A slide; its image comes rendered by the server (a MediaImage), so no image code loads here. */
export type HeroSlide = { title: string; subtitle: string; image: ReactNode; cta: { label: string; href: string } };

/**
 * The hero: slides in a scroll-snap strip (swipe on touch), with previous/next buttons and
 * dots. It never moves on its own.
 */
export function HeroCarousel({ slides, label }: { slides: HeroSlide[]; label: string }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const t = useTranslations('common.home.carousel');

  const goTo = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const next = (index + count) % count;
    track.scrollTo({ left: next * track.clientWidth, behavior: 'smooth' });
    setCurrent(next);
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div
        ref={trackRef}
        onScroll={(event) => {
          const track = event.currentTarget;
          const index = Math.round(track.scrollLeft / Math.max(track.clientWidth, 1));
          if (index !== current) setCurrent(index);
        }}
        className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto"
      >
        {slides.map((slide, i) => (
          <div
            key={`${slide.title}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('slide', { index: i + 1, count })}
            aria-hidden={i !== current ? true : undefined}
            inert={i !== current}
            className="w-full shrink-0 snap-start"
          >
            <div className="grid items-center gap-6 bg-gradient-to-br from-brand-50 via-white to-saffron-100 px-6 pt-8 pb-16 sm:grid-cols-[1.2fr_1fr] sm:px-12 sm:pt-12 sm:pb-16 lg:px-16">
              <div className="order-2 sm:order-1">
                <h2 className="text-3xl leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl lg:text-5xl">
                  {slide.title}
                </h2>
                <p className="mt-3 max-w-md text-base text-stone-700 sm:text-lg">{slide.subtitle}</p>
                <Link
                  href={slide.cta.href}
                  className="mt-6 inline-block rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold tracking-wide text-white uppercase shadow-sm hover:bg-brand-800"
                >
                  {slide.cta.label}
                </Link>
              </div>
              <div className="order-1 mx-auto w-44 sm:order-2 sm:w-56 lg:w-64">
                <div className="relative aspect-[3/4] rotate-2 overflow-hidden rounded-xl bg-white shadow-xl ring-8 ring-white">
                  {slide.image}
                </div>
              </div>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => goTo(current - 1)}
            className="grid size-9 place-items-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white"
          >
            <ChevronLeftIcon />
            <span className="sr-only">{t('previous')}</span>
          </button>
          <ul className="flex gap-1.5">
            {slides.map((slide, i) => (
              <li key={`${slide.title}-dot-${i}`}>
                <button
                  type="button"
                  onClick={() => goTo(i)}
                  aria-current={i === current ? 'true' : undefined}
                  className={`grid size-6 place-items-center`}
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2 rounded-full transition-all ${i === current ? 'w-5 bg-brand-700' : 'w-2 bg-stone-400'}`}
                  />
                  <span className="sr-only">{t('show', { index: i + 1 })}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => goTo(current + 1)}
            className="grid size-9 place-items-center rounded-full bg-white/90 text-stone-800 shadow hover:bg-white"
          >
            <ChevronRightIcon />
            <span className="sr-only">{t('next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
