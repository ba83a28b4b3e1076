/**
 * The store's policy pages (behaviour.md "Policies and listing details"): returns, refunds and
 * exchanges; shipping; cancellation; terms; privacy. The owner writes them in Markdown in the
 * admin; shoppers read them as HTML made by markdown-it with raw HTML switched off (a `<script>`
 * or any tag the owner types is shown as text) and its link check (no `javascript:`,
 * `vbscript:`, `file:` or non-image `data:` links).
 *
 * Answers to shoppers are kept for the catalogue's cache lifetime (CATALOG_CACHE_TTL_MS) and
 * dropped at once on every instance when the owner saves one: the admin's write is audited as a
 * `policy`, which tells `catalog.changed`, whose change channel calls `forget` on each instance
 * and expires the storefront's `policies` tag (catalog/changes.ts).
 *
 * Errors: NotFoundError (404, "Policy not found") for a slug that is not one of POLICY_SLUGS.
 */
import {
  POLICY_MESSAGES,
  POLICY_SLUGS,
  type AdminPolicy,
  type PolicyBody,
  type PolicySlug,
  type PublicPolicy,
} from '@vastra/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import MarkdownIt from 'markdown-it';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { policies } from './tables';

type Row = typeof policies.$inferSelect;

// Raw HTML off (escaped as text), links checked by markdown-it's validateLink, bare URLs linked.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** The owner's Markdown as the HTML shoppers see: no raw HTML, no script links. */
export function renderPolicyMarkdown(body: string): string {
  return markdown.render(body);
}

const isSlug = (slug: string): slug is PolicySlug => (POLICY_SLUGS as readonly string[]).includes(slug);

function toPublic(row: Row): PublicPolicy {
  return {
    slug: row.slug as PolicySlug,
    title: row.title,
    html: renderPolicyMarkdown(row.body),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdmin(row: Row): AdminPolicy {
  return { ...toPublic(row), id: row.slug as PolicySlug, body: row.body };
}

export class PoliciesService {
  private readonly cache: TtlCache;

  /** `cacheTtlMs`: how long a shopper's answer is reused on this instance (0: never). */
  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
  ) {
    this.cache = new TtlCache(cacheTtlMs, POLICY_SLUGS.length);
  }

  /** GET /policies/{slug}: the page as shoppers read it; NotFoundError for an unknown slug. */
  read(slug: string): Promise<PublicPolicy> {
    if (!isSlug(slug)) return Promise.reject(new NotFoundError(POLICY_MESSAGES.notFound));
    return this.cache.get(slug, async () => toPublic(await this.row(slug)));
  }

  /** Every page for the admin, in the footer's order. */
  async list(): Promise<AdminPolicy[]> {
    const rows = await this.db.select().from(policies).orderBy(asc(policies.slug));
    return POLICY_SLUGS.flatMap((slug) => rows.filter((r) => r.slug === slug).map(toAdmin));
  }

  /** One page for the admin, with its Markdown; NotFoundError for an unknown slug. */
  async get(slug: string): Promise<AdminPolicy> {
    if (!isSlug(slug)) throw new NotFoundError(POLICY_MESSAGES.notFound);
    return toAdmin(await this.row(slug));
  }

  /**
   * Replaces a page's title and Markdown. The version goes up by one when either differs from
   * the stored one (saving the same text again changes nothing). The caller's audit drops the
   * kept answers everywhere. NotFoundError for an unknown slug.
   */
  async update(slug: string, body: PolicyBody): Promise<AdminPolicy> {
    if (!isSlug(slug)) throw new NotFoundError(POLICY_MESSAGES.notFound);
    await this.db
      .update(policies)
      .set({ title: body.title, body: body.body, version: sql`${policies.version} + 1`, updatedAt: new Date() })
      .where(
        sql`${policies.slug} = ${slug} AND (${policies.title}, ${policies.body}) IS DISTINCT FROM (${body.title}, ${body.body})`,
      );
    this.forget();
    return this.get(slug);
  }

  /** Drops this instance's kept answers (a page changed here or on another instance). */
  forget(): void {
    this.cache.clear();
  }

  private async row(slug: PolicySlug): Promise<Row> {
    const [row] = await this.db.select().from(policies).where(eq(policies.slug, slug));
    if (!row) throw new NotFoundError(POLICY_MESSAGES.notFound);
    return row;
  }
}
