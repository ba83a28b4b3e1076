import type { HomepageSection } from '@vastra/contracts';
import { MediaImage } from '@/components/ui/media-image';
import { getHomepageSections } from '@/lib/api/server/catalog';

type Hero = Extract<HomepageSection, { section_type: 'hero' }>;

/**
 * The ceiling of `npm run bench:web`: the homepage hero's first slide (its text, its image
 * through next/image's optimiser and the /media route, preloaded) read from the API at request
 * time as the homepage does, with no client component. What the rest of the homepage adds is
 * measured against this.
 */
export default async function CeilingPage() {
  const sections = await getHomepageSections('en');
  const hero = sections.find((section): section is Hero => section.section_type === 'hero');
  const slide = hero?.content.slides[0];
  if (!hero || !slide) throw new Error('The seeded homepage has no hero slide: the ceiling has nothing to show.');
  return (
    <>
      <h1 className="sr-only">Vastra: fashion for India</h1>
      <div className="mx-auto w-full max-w-7xl sm:px-4 sm:pt-4">
        <section aria-label={hero.title} className="overflow-hidden sm:rounded-2xl">
          <div className="grid items-center gap-6 bg-gradient-to-br from-brand-50 via-white to-saffron-100 px-6 pt-8 pb-16 sm:grid-cols-[1.2fr_1fr] sm:px-12 sm:pt-12 sm:pb-16 lg:px-16">
            <div className="order-2 sm:order-1">
              <h2 className="text-3xl leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl lg:text-5xl">
                {slide.title}
              </h2>
              <p className="mt-3 max-w-md text-base text-stone-700 sm:text-lg">{slide.subtitle}</p>
              <a
                href={slide.cta.href}
                className="mt-6 inline-block rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold tracking-wide text-white uppercase shadow-sm hover:bg-brand-800"
              >
                {slide.cta.label}
              </a>
            </div>
            <div className="order-1 mx-auto w-44 sm:order-2 sm:w-56 lg:w-64">
              <div className="relative aspect-[3/4] rotate-2 overflow-hidden rounded-xl bg-white shadow-xl ring-8 ring-white">
                <MediaImage url={slide.image} alt="" sizes="(min-width: 1024px) 256px, 224px" preload />
              </div>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
