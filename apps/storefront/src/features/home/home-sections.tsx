import type { HomepageSection } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { MediaImage } from '@/components/ui/media-image';
import { ProductRail } from '@/components/ui/product-rail';
import { SectionHeading } from '@/components/ui/section-heading';
import { StarIcon } from '@/components/ui/icons';
import { formatInteger } from '@/lib/format';
import { HeroCarousel } from './hero-carousel';

type SectionOf<T extends HomepageSection['section_type']> = Extract<HomepageSection, { section_type: T }>;

const headingId = (section: HomepageSection) => `section-${section.id}`;

export function HeroSection({ section }: { section: SectionOf<'hero'> }) {
  if (section.content.slides.length === 0) return null;
  return (
    <div className="mx-auto w-full max-w-7xl sm:px-4 sm:pt-4">
      <div className="overflow-hidden sm:rounded-2xl">
        <HeroCarousel
          slides={section.content.slides.map((slide, i) => ({
            ...slide,
            image: <MediaImage url={slide.image} alt="" sizes="(min-width: 1024px) 256px, 224px" preload={i === 0} />,
          }))}
          label={section.title}
        />
      </div>
    </div>
  );
}

export function FashionShowcaseSection({ section }: { section: SectionOf<'fashion_showcase'> }) {
  return (
    <section aria-labelledby={headingId(section)} className="mx-auto w-full max-w-7xl px-4">
      <SectionHeading id={headingId(section)} title={section.title} subtitle={section.subtitle} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
        {section.content.items.map((item) => (
          <li key={`${item.href}-${item.title}`}>
            <Link
              href={item.href}
              className="group relative block aspect-[3/4] overflow-hidden rounded-xl bg-stone-100"
            >
              <MediaImage
                url={item.image}
                alt=""
                sizes="(min-width: 1024px) 200px, (min-width: 640px) 33vw, 50vw"
                className="object-cover transition-transform duration-300 group-hover:scale-105"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/50 to-transparent px-3 pt-10 pb-3 text-sm font-semibold text-white">
                {item.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CollectionHighlightSection({ section }: { section: SectionOf<'collection_highlight'> }) {
  const { collection, products, cta } = section.content;
  const t = useTranslations('common.home');
  return (
    <section aria-labelledby={headingId(section)} className="mx-auto w-full max-w-7xl px-4">
      <div className="grid gap-6 rounded-2xl bg-stone-50 p-4 sm:p-6 lg:grid-cols-[16rem_1fr] lg:p-8">
        <div className="flex flex-col justify-center">
          <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase">{t('collection')}</p>
          <h2 id={headingId(section)} className="mt-2 text-2xl font-bold tracking-tight text-stone-900">
            {section.title}
          </h2>
          <p className="mt-2 text-sm text-stone-600">{section.subtitle ?? collection.description}</p>
          <Link
            href={cta.href}
            className="mt-4 inline-block self-start rounded-md border border-stone-900 px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-900 hover:text-white"
          >
            {cta.label}
          </Link>
        </div>
        <ProductRail products={products.slice(0, 4)} label={t('productsIn', { name: collection.name })} columns={4} />
      </div>
    </section>
  );
}

export function BestSellersSection({ section }: { section: SectionOf<'best_seller_products'> }) {
  return (
    <section aria-labelledby={headingId(section)} className="mx-auto w-full max-w-7xl px-4">
      <SectionHeading
        id={headingId(section)}
        title={section.title}
        subtitle={section.subtitle}
        action={section.content.cta}
      />
      <ProductRail products={section.content.products.slice(0, 8)} label={section.title} columns={4} />
    </section>
  );
}

export function TestimonialsSection({ section }: { section: SectionOf<'testimonials'> }) {
  const tHome = useTranslations('common.home');
  return (
    <section aria-labelledby={headingId(section)} className="mx-auto w-full max-w-7xl px-4">
      <SectionHeading id={headingId(section)} title={section.title} subtitle={section.subtitle} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {section.content.testimonials.map((t) => (
          <li key={`${t.name}-${t.city}`}>
            <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-5">
              <p className="flex gap-0.5 text-saffron-600">
                {Array.from({ length: 5 }, (_, i) => (
                  <StarIcon key={i} width={16} height={16} className={i < t.rating ? '' : 'text-stone-300'} />
                ))}
                <span className="sr-only">{tHome('testimonialRating', { rating: t.rating })}</span>
              </p>
              <blockquote className="mt-3 flex-1 text-stone-700">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-stone-900">{t.name}</span>
                <span className="text-stone-600">, {t.city}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FeaturedCategoriesSection({ section }: { section: SectionOf<'featured_categories'> }) {
  const t = useTranslations('common.home');
  return (
    <section aria-labelledby={headingId(section)} className="mx-auto w-full max-w-7xl px-4">
      <SectionHeading id={headingId(section)} title={section.title} subtitle={section.subtitle} />
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-5 lg:grid-cols-8">
        {section.content.categories.map((category) => (
          <li key={category.id}>
            <Link href={`/category/${encodeURIComponent(category.slug)}`} className="group block text-center">
              <span className="relative mx-auto block aspect-square w-full overflow-hidden rounded-full bg-brand-50 ring-1 ring-stone-200 transition group-hover:ring-2 group-hover:ring-brand-700">
                {category.image ? (
                  <MediaImage
                    url={category.image}
                    alt=""
                    sizes="(min-width: 1024px) 160px, 30vw"
                    className="object-cover object-top"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 grid place-items-center text-3xl font-bold text-brand-700"
                  >
                    {category.name.charAt(0)}
                  </span>
                )}
              </span>
              <span className="mt-2 block text-sm font-semibold text-stone-900">{category.name}</span>
              <span className="block text-xs text-stone-600">
                {t('categoryProducts', { count: category.productCount, shown: formatInteger(category.productCount) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
