/**
 * Homepage sections (behaviour.md §3 Homepage section, §7 GET /homepage-sections): the active
 * sections by position, each resolved from the references it stores into what it renders
 * (slides, a collection's products, best sellers or hand-picked products, testimonials,
 * categories with counts), with the window it shows in (docs/admin.md "Homepage"). A section
 * whose references no longer resolve is left out rather than shown broken.
 */
import type { CatalogLang, CategoryNode, HomepageSection } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client';
import type { CatalogService } from './service';
import { inLang } from './summary';

/** What resolving a section needs of the catalogue. */
type HomepageCatalog = Pick<CatalogService, 'mediaUrl' | 'collections' | 'categoryTree' | 'topProducts'>;

type SectionRow = {
  id: string;
  section_type: HomepageSection['section_type'];
  position: number;
  title: string;
  subtitle: string | null;
  title_hi: string | null;
  subtitle_hi: string | null;
  content: unknown;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
};

/** A resolved section and when shoppers see it: from `startsAt` (inclusive) to `endsAt` (exclusive), null = open. */
export type ScheduledSection = { section: HomepageSection; startsAt: Date | null; endsAt: Date | null };

const cta = z.object({ label: z.string(), labelHi: z.string().optional(), href: z.string() });

/** The English default of best sellers' link and its Hindi, shown when the store wrote no Hindi of its own. */
const DEFAULT_BEST_SELLERS_LABEL = 'View all best sellers';
const BUILT_IN_HINDI: Record<string, string> = { [DEFAULT_BEST_SELLERS_LABEL]: 'सभी बेस्टसेलर देखें' };

/** What `homepage_sections.content` holds per type: references the service resolves. */
const storedContent = {
  hero: z.object({
    slides: z.array(
      z.object({
        title: z.string(),
        subtitle: z.string(),
        titleHi: z.string().optional(),
        subtitleHi: z.string().optional(),
        image: z.string(),
        cta,
      }),
    ),
  }),
  fashion_showcase: z.object({
    items: z.array(
      z.object({ title: z.string(), titleHi: z.string().optional(), image: z.string(), href: z.string() }),
    ),
  }),
  collection_highlight: z.object({
    collectionSlug: z.string(),
    productLimit: z.number().int().default(8),
    cta: cta.optional(),
  }),
  best_seller_products: z.object({
    limit: z.number().int().default(8),
    productIds: z.array(z.string()).default([]),
    cta: cta.default({ label: DEFAULT_BEST_SELLERS_LABEL, href: '/shop?sort=rating' }),
  }),
  testimonials: z.object({ limit: z.number().int().default(6) }),
  featured_categories: z.object({ categorySlugs: z.array(z.string()) }),
};

/**
 * Every active section resolved, by position, with its window: cached whole, filtered per moment
 * by `sectionsShownAt`. Texts in `lang`, each English where no Hindi one is written.
 */
export async function loadHomepageSections(
  db: Db,
  catalog: HomepageCatalog,
  lang: CatalogLang = 'en',
): Promise<ScheduledSection[]> {
  const rows = await queryRows<SectionRow>(
    db,
    sql`
    SELECT id, section_type, position, title, subtitle, title_hi, subtitle_hi, content, starts_at, ends_at FROM homepage_sections
    WHERE is_active ORDER BY position, id`,
  );
  const resolved = await Promise.all(rows.map((row) => resolveSection(db, catalog, row, lang)));
  return rows.flatMap((row, i) => {
    const section = resolved[i];
    return section ? [{ section, startsAt: instant(row.starts_at), endsAt: instant(row.ends_at) }] : [];
  });
}

/** The sections a shopper sees at `at`. */
export function sectionsShownAt(sections: readonly ScheduledSection[], at: Date): HomepageSection[] {
  return sections.filter((s) => shownAt(s, at)).map((s) => s.section);
}

/** Whether a window (null ends open) holds `at`: the start inclusive, the end exclusive. */
export function shownAt(window: { startsAt: Date | null; endsAt: Date | null }, at: Date): boolean {
  return (!window.startsAt || window.startsAt <= at) && (!window.endsAt || at < window.endsAt);
}

// PGlite and node-postgres both answer timestamptz as Date; a string is parsed the same.
const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A call to action in `lang`: the store's Hindi label, else the built-in Hindi of a default label, else the English. */
function ctaIn(lang: CatalogLang, { label, labelHi, href }: z.infer<typeof cta>) {
  return { label: inLang(lang, label, labelHi || BUILT_IN_HINDI[label]), href };
}

async function resolveSection(
  db: Db,
  catalog: HomepageCatalog,
  row: SectionRow,
  lang: CatalogLang,
): Promise<HomepageSection | null> {
  const base = {
    id: row.id,
    position: row.position,
    title: inLang(lang, row.title, row.title_hi),
    subtitle: row.subtitle === null ? null : inLang(lang, row.subtitle, row.subtitle_hi),
  };
  switch (row.section_type) {
    case 'hero': {
      const { slides } = storedContent.hero.parse(row.content);
      return {
        ...base,
        section_type: 'hero',
        content: {
          slides: slides.map((s) => ({
            title: inLang(lang, s.title, s.titleHi),
            subtitle: inLang(lang, s.subtitle, s.subtitleHi),
            image: catalog.mediaUrl(s.image),
            cta: ctaIn(lang, s.cta),
          })),
        },
      };
    }
    case 'fashion_showcase': {
      const { items } = storedContent.fashion_showcase.parse(row.content);
      return {
        ...base,
        section_type: 'fashion_showcase',
        content: {
          items: items.map((i) => ({
            title: inLang(lang, i.title, i.titleHi),
            image: catalog.mediaUrl(i.image),
            href: i.href,
          })),
        },
      };
    }
    case 'collection_highlight': {
      const content = storedContent.collection_highlight.parse(row.content);
      const { collections } = await catalog.collections(1, 1000, lang);
      const collection = collections.find((co) => co.slug === content.collectionSlug);
      if (!collection) return null;
      const products = await catalog.topProducts(
        sql`EXISTS (SELECT 1 FROM product_collections pc WHERE pc.product_id = p.id AND pc.collection_id = ${collection.id}::uuid)`,
        content.productLimit,
        lang,
      );
      const cta = content.cta
        ? ctaIn(lang, content.cta)
        : {
            label: lang === 'hi' ? `${collection.name} देखें` : `Shop ${collection.name}`,
            href: `/collections/${collection.slug}`,
          };
      return { ...base, section_type: 'collection_highlight', content: { collection, products, cta } };
    }
    case 'best_seller_products': {
      const content = storedContent.best_seller_products.parse(row.content);
      const picked = content.productIds;
      if (picked.length === 0) {
        const products = await catalog.topProducts(sql`true`, content.limit, lang);
        return { ...base, section_type: 'best_seller_products', content: { products, cta: ctaIn(lang, content.cta) } };
      }
      // Hand-picked: those on sale and in stock, in the order the merchant chose.
      const found = await catalog.topProducts(
        sql`p.id IN (${sql.join(
          picked.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        picked.length,
        lang,
      );
      const products = picked.flatMap((id) => found.filter((p) => p.id === id)).slice(0, content.limit);
      if (products.length === 0) return null;
      return { ...base, section_type: 'best_seller_products', content: { products, cta: ctaIn(lang, content.cta) } };
    }
    case 'testimonials': {
      const { limit } = storedContent.testimonials.parse(row.content);
      const testimonials = await queryRows<{ name: string; city: string; quote: string; rating: number }>(
        db,
        sql`SELECT name, city, quote, rating FROM testimonials ORDER BY position, name LIMIT ${limit}`,
      );
      return { ...base, section_type: 'testimonials', content: { testimonials } };
    }
    case 'featured_categories': {
      const { categorySlugs } = storedContent.featured_categories.parse(row.content);
      const { categories } = await catalog.categoryTree(lang);
      const bySlug = new Map<string, CategoryNode>();
      const walk = (list: CategoryNode[]) => list.forEach((n) => (bySlug.set(n.slug, n), walk(n.children)));
      walk(categories);
      const picked = categorySlugs
        .map((slug) => bySlug.get(slug))
        .filter((n): n is CategoryNode => n !== undefined)
        .map(({ id, name, slug, image, productCount }) => ({ id, name, slug, image, productCount }));
      return { ...base, section_type: 'featured_categories', content: { categories: picked } };
    }
  }
}
