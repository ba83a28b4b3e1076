/**
 * The admin's homepage editor (docs/admin.md "Homepage"): the sections with their stored
 * content and schedule, made per type, changed, removed and put in order, and the homepage
 * previewed as a shopper sees it at a chosen moment. Content is checked against its type's
 * schema (packages/contracts/src/homepage-admin.ts) and its links to the catalogue (collection
 * and category slugs, product ids) must name records that exist.
 *
 * Errors: NotFoundError(sectionNotFound); ValidationError for content that does not fit the
 * type, unknown links, a schedule ending before it starts, or an order that is not every
 * section once.
 */
import {
  HOMEPAGE_MESSAGES,
  sectionContentSchemas,
  type AdminSection,
  type HomepageSection,
  type SectionCreateInput,
  type SectionState,
  type SectionType,
  type sectionUpdateBodySchema,
} from '@vastra/contracts';
import { asc, count, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { shownAt } from './homepage';
import type { CatalogService } from './service';
import { categories, collections, homepageSections, products } from './tables';

type SectionUpdate = z.output<typeof sectionUpdateBodySchema>;
type Row = typeof homepageSections.$inferSelect;

export class HomepageEditor {
  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<CatalogService, 'homepageSections'>,
  ) {}

  /** Every section, first shown first, with its state now. */
  async list(): Promise<AdminSection[]> {
    const rows = await this.db
      .select()
      .from(homepageSections)
      .orderBy(asc(homepageSections.position), asc(homepageSections.id));
    const now = new Date();
    return rows.map((r) => toAdmin(r, now));
  }

  /** One section. */
  async get(id: string): Promise<AdminSection> {
    const [row] = await this.db.select().from(homepageSections).where(eq(homepageSections.id, id));
    if (!row) throw new NotFoundError(HOMEPAGE_MESSAGES.sectionNotFound);
    return toAdmin(row, new Date());
  }

  /** Makes a section, shown after the others; answers it. */
  async create(body: SectionCreateInput): Promise<AdminSection> {
    await this.checkLinks(body.sectionType, body.content);
    const [last] = await this.db.select({ p: max(homepageSections.position) }).from(homepageSections);
    const [row] = await this.db
      .insert(homepageSections)
      .values({
        sectionType: body.sectionType,
        position: (last?.p ?? 0) + 1,
        title: body.title,
        subtitle: body.subtitle,
        titleHi: body.titleHi,
        subtitleHi: body.subtitleHi,
        content: body.content,
        isActive: body.isActive,
        startsAt: instant(body.startsAt),
        endsAt: instant(body.endsAt),
      })
      .returning();
    return toAdmin(row!, new Date());
  }

  /** Changes the given fields; content is checked against the section's type. */
  async update(id: string, body: SectionUpdate): Promise<AdminSection> {
    const current = await this.get(id);
    const startsAt = body.startsAt === undefined ? current.startsAt : body.startsAt;
    const endsAt = body.endsAt === undefined ? current.endsAt : body.endsAt;
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
      throw new ValidationError(HOMEPAGE_MESSAGES.endBeforeStart);
    }
    let content: Record<string, unknown> | undefined;
    if (body.content) {
      content = parseContent(current.sectionType, body.content);
      await this.checkLinks(current.sectionType, content);
    }
    await this.db
      .update(homepageSections)
      .set({
        title: body.title,
        subtitle: body.subtitle,
        titleHi: body.titleHi,
        subtitleHi: body.subtitleHi,
        isActive: body.isActive,
        content,
        startsAt: body.startsAt === undefined ? undefined : instant(body.startsAt),
        endsAt: body.endsAt === undefined ? undefined : instant(body.endsAt),
      })
      .where(eq(homepageSections.id, id));
    return this.get(id);
  }

  /** Removes a section; the others keep their order. */
  async remove(id: string): Promise<void> {
    const gone = await this.db
      .delete(homepageSections)
      .where(eq(homepageSections.id, id))
      .returning({ id: homepageSections.id });
    if (gone.length === 0) throw new NotFoundError(HOMEPAGE_MESSAGES.sectionNotFound);
  }

  /** Puts the sections in the order of `ids`, which must name every section once; answers the list. */
  async reorder(ids: readonly string[]): Promise<AdminSection[]> {
    await this.db.transaction(async (tx) => {
      const [all] = await tx.select({ n: count() }).from(homepageSections);
      const known = ids.length
        ? await tx
            .select({ id: homepageSections.id })
            .from(homepageSections)
            .where(inArray(homepageSections.id, [...ids]))
        : [];
      if (new Set(ids).size !== ids.length || known.length !== ids.length || ids.length !== all?.n) {
        throw new ValidationError(HOMEPAGE_MESSAGES.orderNotEverySection);
      }
      for (const [i, id] of ids.entries()) {
        await tx
          .update(homepageSections)
          .set({ position: i + 1 })
          .where(eq(homepageSections.id, id));
      }
    });
    return this.list();
  }

  /** The homepage exactly as GET /homepage-sections answers it at `at` (its schedule applied). */
  preview(at: Date): Promise<HomepageSection[]> {
    return this.catalog.homepageSections(at);
  }

  /** Refuses links to collections, categories or products that do not exist. */
  private async checkLinks(type: SectionType, content: Record<string, unknown>): Promise<void> {
    if (type === 'collection_highlight') {
      const slug = String(content.collectionSlug);
      const [found] = await this.db.select({ id: collections.id }).from(collections).where(eq(collections.slug, slug));
      if (!found) throw new ValidationError(HOMEPAGE_MESSAGES.unknownCollection);
    }
    if (type === 'featured_categories') {
      const slugs = [...new Set(content.categorySlugs as string[])];
      const found = await this.db
        .selectDistinct({ slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs));
      if (found.length !== slugs.length) throw new ValidationError(HOMEPAGE_MESSAGES.unknownCategory);
    }
    if (type === 'best_seller_products') {
      const ids = [...new Set(content.productIds as string[])];
      if (ids.length === 0) return;
      const found = await this.db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
      if (found.length !== ids.length) throw new ValidationError(HOMEPAGE_MESSAGES.unknownProduct);
    }
  }
}

/** Content checked against its type's schema; the first problem is the 400's message. */
function parseContent(type: SectionType, content: unknown): Record<string, unknown> {
  const parsed = sectionContentSchemas[type].safeParse(content);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ValidationError(`content.${issue.path.join('.')}: ${issue.message}`);
}

const instant = (iso: string | null) => (iso === null ? null : new Date(iso));

function stateAt(row: Row, at: Date): SectionState {
  if (!row.isActive) return 'inactive';
  if (row.startsAt && at < row.startsAt) return 'scheduled';
  return shownAt(row, at) ? 'live' : 'ended';
}

function toAdmin(row: Row, now: Date): AdminSection {
  return {
    id: row.id,
    sectionType: row.sectionType,
    position: row.position,
    title: row.title,
    subtitle: row.subtitle,
    titleHi: row.titleHi,
    subtitleHi: row.subtitleHi,
    content: row.content,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    state: stateAt(row, now),
  };
}
