/**
 * Store content the seed writes beside the products: collections (from the styles' `usage`
 * and `season`), homepage sections (behaviour.md §3 Homepage section; `content` holds references that the
 * API resolves), six sample testimonials, the demo coupons and gift cards. Sections are
 * matched on (type, position), testimonials on (name, city), coupons and gift cards on their
 * code, so a second seed updates them in place instead of adding.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, collections, coupons, giftCards, homepageSections, testimonials } from '../schema';
import { upsertParts } from '../../modules/catalog';
import { COLLECTIONS_HI, HOMEPAGE_HI } from './hindi';

type Facts = { usage: string | null; season: string | null; articleType: string };

/** Article types that keep one warm: with a Fall or Winter season they make "Winter Warmers". */
const WARM_TYPES = new Set([
  'Sweaters',
  'Sweatshirts',
  'Jackets',
  'Rain Jacket',
  'Blazers',
  'Waistcoat',
  'Nehru Jackets',
  'Tracksuits',
  'Shrug',
  'Mufflers',
  'Scarves',
  'Stoles',
  'Gloves',
]);

export const COLLECTIONS: { slug: string; name: string; description: string; includes: (p: Facts) => boolean }[] = [
  {
    slug: 'ethnic-wear',
    name: 'Ethnic Wear',
    description: 'Kurtas, kurtis, sarees and more for festive days and family functions.',
    includes: (p) => p.usage === 'Ethnic',
  },
  {
    slug: 'sportswear',
    name: 'Sportswear',
    description: 'Sports styles for the gym, the ground and the morning run.',
    includes: (p) => p.usage === 'Sports',
  },
  {
    slug: 'formal-edit',
    name: 'Formal Edit',
    description: 'Formal styles for the office and the occasions that ask for them.',
    includes: (p) => p.usage === 'Formal',
  },
  {
    slug: 'party-wear',
    name: 'Party Wear',
    description: 'Styles for an evening out.',
    includes: (p) => p.usage === 'Party',
  },
  {
    slug: 'casual-everyday',
    name: 'Casual Everyday',
    description: 'Easy styles for every day.',
    includes: (p) => p.usage === 'Casual' || p.usage === 'Smart Casual',
  },
  {
    slug: 'summer-edit',
    name: 'Summer Edit',
    description: 'Styles from the summer season.',
    includes: (p) => p.season === 'Summer',
  },
  {
    slug: 'winter-warmers',
    name: 'Winter Warmers',
    description: 'Sweaters, sweatshirts, jackets and scarves from the fall and winter seasons.',
    includes: (p) => (p.season === 'Fall' || p.season === 'Winter') && WARM_TYPES.has(p.articleType),
  },
];

export function collectionsOf(p: Facts): string[] {
  return COLLECTIONS.filter((c) => c.includes(p)).map((c) => c.slug);
}

/** Upserts the collections that have members (`images` holds one product photo of each). */
export async function upsertCollections(
  db: Db,
  images: ReadonlyMap<string, string | null>,
): Promise<Map<string, string>> {
  const rows = COLLECTIONS.map((c, i) => ({ c, position: i + 1 }))
    .filter(({ c }) => images.has(c.slug))
    .map(({ c, position }) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      nameHi: COLLECTIONS_HI[c.slug]?.name ?? null,
      descriptionHi: COLLECTIONS_HI[c.slug]?.description ?? null,
      image: images.get(c.slug) ?? null,
      position,
    }));
  if (!rows.length) return new Map();
  const { set, changed } = upsertParts(collections, [
    'name',
    'description',
    'nameHi',
    'descriptionHi',
    'image',
    'position',
  ]);
  await db.insert(collections).values(rows).onConflictDoUpdate({ target: collections.slug, set, setWhere: changed });
  const stored = await db
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(
      inArray(
        collections.slug,
        rows.map((r) => r.slug),
      ),
    );
  return new Map(stored.map((r) => [r.slug, r.id]));
}

/** Product photos the sections show, by purpose; absent when the seeded products have none. */
type SectionImages = {
  collection: ReadonlyMap<string, string | null>;
  showcase: ReadonlyMap<string, string>;
};

type SectionRow = Omit<typeof homepageSections.$inferInsert, 'id' | 'isActive'>;

const FEATURED_CATEGORIES = ['tshirts', 'shirts', 'kurtas', 'jeans', 'dresses', 'casual-shoes', 'heels', 'watches'];

/** Showcase tiles: title, link, and the key of the photo in SectionImages.showcase. */
export const SHOWCASE = [
  { title: 'Men', href: '/shop?gender=Men' },
  { title: 'Women', href: '/shop?gender=Women' },
  { title: 'Boys', href: '/shop?gender=Boys' },
  { title: 'Girls', href: '/shop?gender=Girls' },
  { title: 'Footwear', href: '/shop?categories=footwear' },
  { title: 'Accessories', href: '/shop?categories=accessories' },
] as const;

const HERO_SLIDES = [
  {
    collection: 'ethnic-wear',
    title: 'Festive ethnic wear',
    subtitle: 'Kurtas, kurtis and sarees for the season of celebrations',
    label: 'Shop ethnic wear',
  },
  {
    collection: 'sportswear',
    title: 'Made to move',
    subtitle: 'Sportswear for the gym, the ground and the morning run',
    label: 'Shop sportswear',
  },
  {
    collection: 'summer-edit',
    title: 'The Summer Edit',
    subtitle: 'Light styles for hot days',
    label: 'Shop the edit',
  },
];

const collectionHref = (slug: string) => `/shop?collections=${slug}`;

/** The homepage, positions 1..n; parts whose collection or photo is missing are left out. */
export function buildSections(images: SectionImages, categorySlugs: ReadonlySet<string>): SectionRow[] {
  const hi = (english: string) => HOMEPAGE_HI[english];
  const slides = HERO_SLIDES.filter((s) => images.collection.get(s.collection)).map((s) => ({
    title: s.title,
    subtitle: s.subtitle,
    titleHi: hi(s.title),
    subtitleHi: hi(s.subtitle),
    image: images.collection.get(s.collection)!,
    cta: { label: s.label, labelHi: hi(s.label), href: collectionHref(s.collection) },
  }));
  const items = SHOWCASE.filter((s) => images.showcase.has(s.title)).map((s) => ({
    title: s.title,
    titleHi: hi(s.title),
    image: images.showcase.get(s.title)!,
    href: s.href,
  }));
  const highlight = (slug: string, title: string, subtitle: string): Omit<SectionRow, 'position'> | null =>
    images.collection.has(slug)
      ? {
          sectionType: 'collection_highlight',
          title,
          subtitle,
          content: {
            collectionSlug: slug,
            productLimit: 8,
            cta: { label: 'View all', labelHi: hi('View all'), href: collectionHref(slug) },
          },
        }
      : null;
  const sections: (Omit<SectionRow, 'position'> | null)[] = [
    slides.length ? { sectionType: 'hero', title: 'Vastra', subtitle: null, content: { slides } } : null,
    {
      sectionType: 'featured_categories',
      title: 'Shop by category',
      subtitle: null,
      content: { categorySlugs: FEATURED_CATEGORIES.filter((s) => categorySlugs.has(s)) },
    },
    items.length ? { sectionType: 'fashion_showcase', title: 'Shop for', subtitle: null, content: { items } } : null,
    highlight('ethnic-wear', 'Ethnic Wear', 'Kurtas, kurtis, sarees and more'),
    {
      sectionType: 'best_seller_products',
      title: 'Best sellers',
      subtitle: 'Top rated by shoppers',
      content: {
        sort: 'rating',
        limit: 8,
        cta: { label: 'Shop best sellers', labelHi: hi('Shop best sellers'), href: '/shop?sort=rating' },
      },
    },
    highlight('sportswear', 'Sportswear', 'Made to move'),
    {
      sectionType: 'testimonials',
      title: 'What shoppers say',
      subtitle: 'Sample reviews for this demo store',
      content: { limit: 6 },
    },
  ];
  // The store's name ("Vastra") stays as it is in Hindi: no title_hi for it.
  return sections
    .filter((s) => s !== null)
    .map((s, i) => ({
      ...s,
      titleHi: hi(s.title) ?? null,
      subtitleHi: s.subtitle ? (hi(s.subtitle) ?? null) : null,
      position: i + 1,
    }));
}

/** Updates the section of the same type at the same position, or adds it. */
export async function upsertSections(db: Db, sections: readonly SectionRow[]): Promise<void> {
  for (const s of sections) {
    const updated = await db
      .update(homepageSections)
      .set({ title: s.title, subtitle: s.subtitle, titleHi: s.titleHi, subtitleHi: s.subtitleHi, content: s.content })
      .where(and(eq(homepageSections.sectionType, s.sectionType), eq(homepageSections.position, s.position)))
      .returning({ id: homepageSections.id });
    if (!updated.length) await db.insert(homepageSections).values(s);
  }
}

/** Sample content, not real reviews: the section's subtitle says so on the page. */
const TESTIMONIALS = [
  {
    name: 'Priya Sharma',
    city: 'Jaipur',
    rating: 5,
    quote: 'The kurta fit exactly as the size chart said, and the colour is just like the photo.',
  },
  {
    name: 'Arjun Nair',
    city: 'Kochi',
    rating: 5,
    quote: 'Found running shoes in my size in two minutes. The filters actually work.',
  },
  {
    name: 'Sneha Patil',
    city: 'Pune',
    rating: 4,
    quote: 'Good prices on the sale items, and the MRP and discount are shown clearly.',
  },
  {
    name: 'Rahul Verma',
    city: 'Lucknow',
    rating: 5,
    quote: 'Bought formal shirts for a new job. Nice fabric and a proper fit.',
  },
  {
    name: 'Ananya Iyer',
    city: 'Chennai',
    rating: 4,
    quote: 'The search understood "tshirt" and "t-shirt" both. Small thing, but I noticed.',
  },
  {
    name: 'Mohammed Irfan',
    city: 'Hyderabad',
    rating: 5,
    quote: 'Ordered an Eid outfit for my son; it arrived well packed and in time.',
  },
];

export async function upsertTestimonials(db: Db): Promise<void> {
  for (const [i, t] of TESTIMONIALS.entries()) {
    const row = { ...t, position: i + 1 };
    const updated = await db
      .update(testimonials)
      .set(row)
      .where(and(eq(testimonials.name, t.name), eq(testimonials.city, t.city)))
      .returning({ id: testimonials.id });
    if (!updated.length) await db.insert(testimonials).values(row);
  }
}

/** A seeded coupon; a category limit is named by category slug (resolved to ids when seeding). */
type SeedCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'categoryIds' | 'productIds'> & {
  categorySlugs?: string[];
};

/**
 * The demo store's coupons, always running (no dates); listed in the README. Money in paise.
 * The first three are plain (the commerce API's promotions); the others show the checkout's
 * rules: a category, the first order, a limited number of uses.
 */
export const COUPONS: SeedCoupon[] = [
  {
    code: 'WELCOME10',
    description: '10% off your order, up to ₹ 500',
    discountType: 'percentage',
    discountValue: 10,
    maxDiscountPaise: 500_00,
    minOrderPaise: 0,
  },
  {
    code: 'FESTIVE300',
    description: '₹ 300 off orders of ₹ 1,999 or more',
    discountType: 'fixed',
    discountValue: 300_00,
    maxDiscountPaise: null,
    minOrderPaise: 1_999_00,
  },
  {
    code: 'STYLE15',
    description: '15% off orders of ₹ 2,999 or more, up to ₹ 1,000',
    discountType: 'percentage',
    discountValue: 15,
    maxDiscountPaise: 1_000_00,
    minOrderPaise: 2_999_00,
  },
  {
    code: 'FOOTWEAR20',
    description: '20% off footwear, up to ₹ 1,000',
    discountType: 'percentage',
    discountValue: 20,
    maxDiscountPaise: 1_000_00,
    minOrderPaise: 0,
    categorySlugs: ['footwear'],
  },
  {
    code: 'FIRSTORDER',
    description: '₹ 250 off your first order of ₹ 1,499 or more',
    discountType: 'fixed',
    discountValue: 250_00,
    maxDiscountPaise: null,
    minOrderPaise: 1_499_00,
    firstOrderOnly: true,
  },
  {
    code: 'EARLY100',
    description: '25% off for the first 100 orders, once per shopper, up to ₹ 750',
    discountType: 'percentage',
    discountValue: 25,
    maxDiscountPaise: 750_00,
    minOrderPaise: 0,
    usageLimit: 100,
    usageLimitPerUser: 1,
  },
];

/**
 * Resets each seeded coupon to the values above (running again if it was switched off), or
 * adds it. Its uses (coupon_redemptions) are kept: they belong to orders.
 */
export async function upsertCoupons(db: Db): Promise<void> {
  const slugs = [...new Set(COUPONS.flatMap((c) => c.categorySlugs ?? []))];
  const found = slugs.length
    ? await db
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs))
    : [];
  const idOf = new Map(found.map((c) => [c.slug, c.id]));
  for (const { categorySlugs = [], ...c } of COUPONS) {
    const categoryIds = categorySlugs.flatMap((slug) => idOf.get(slug) ?? []);
    // A category missing from this catalogue would make the coupon apply to everything.
    if (categoryIds.length !== categorySlugs.length) continue;
    const row = {
      usageLimit: null,
      usageLimitPerUser: null,
      firstOrderOnly: false,
      ...c,
      categoryIds,
      productIds: [],
      startsAt: null,
      endsAt: null,
      isActive: true,
      // The demo store's offers are public (README); a coupon the owner makes is private until advertised.
      advertised: true,
    };
    const updated = await db
      .update(coupons)
      .set(row)
      .where(eq(sql`upper(${coupons.code})`, c.code.toUpperCase()))
      .returning({ id: coupons.id });
    if (!updated.length) await db.insert(coupons).values(row);
  }
}

/**
 * The demo gift cards (no expiry); listed in the README. The codes are long and random-looking
 * as real ones must be (POST /coupons/validate is rate limited, but a short code could still
 * be guessed). Money in paise.
 */
export const GIFT_CARDS: { code: string; initialBalancePaise: number }[] = [
  { code: 'VASTRA-GIFT-500-ZRT7-25B4', initialBalancePaise: 500_00 },
  { code: 'VASTRA-GIFT-2000-29PE-EQ7H', initialBalancePaise: 2_000_00 },
  { code: 'VASTRA-GIFT-100-3Z9E-838K', initialBalancePaise: 100_00 },
];

/**
 * Adds each demo gift card with its full balance, or makes an existing one usable again
 * (active, no expiry). An existing card's balance is left alone: it is the sum of its
 * movements, and refilling it would let a later release of an order's hold exceed the card.
 */
export async function upsertGiftCards(db: Db): Promise<void> {
  for (const card of GIFT_CARDS) {
    const updated = await db
      .update(giftCards)
      .set({ isActive: true, expiresAt: null })
      .where(eq(sql`upper(${giftCards.code})`, card.code.toUpperCase()))
      .returning({ id: giftCards.id });
    if (!updated.length) {
      await db.insert(giftCards).values({ ...card, balancePaise: card.initialBalancePaise });
    }
  }
}
