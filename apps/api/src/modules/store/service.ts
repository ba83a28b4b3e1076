/**
 * The commerce API (behaviour.md §7 Commerce backend) over the store's own services: products from the
 * catalogue, promotions from the coupons, carts from the cart service (the same carts as
 * /cart: one source of truth). Answers in the Medusa v2 Store API's shapes (`./shapes`).
 *
 * Carts here are known by their id, which is the key to them; a cart that belongs to a
 * logged-in user answers 404, as someone else's cart does everywhere in the API.
 *
 * Errors: ValidationError (400) for an unknown region, an unknown coupon, one below its
 * minimum order or more than one coupon; NotFoundError (404) for an unknown product, cart or
 * line item; the cart service's errors for quantities and stock.
 */
import { CART_MESSAGES, COUPON_MESSAGES, couponMinimumOrder, type ProductDetail } from '@vastra/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import type { CartRecord, CartService } from '../cart/service';
import type { CatalogService } from '../catalog/service';
import type { Coupon, CouponService } from '../coupons/service';
import type { PricingLine, PricingService } from '../pricing';
import { cartTotals } from './totals';
import { findRegion, INDIA_REGION, type StoreRegion } from './region';
import { needsTotals, toStoreCart, type CartInput } from './cart-shape';
import type { Picked, Selection } from './fields';
import { toStoreProduct, toStorePromotion, type ProductInput, type StorePromotion } from './shapes';

export type ProductListQuery = {
  limit: number;
  offset: number;
  ids?: string[];
  handles?: string[];
  categoryIds?: string[];
  q?: string;
};

function fromProductDetail(p: ProductDetail): ProductInput {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    brand: p.brand,
    description: p.description,
    hsnCode: p.hsnCode,
    countryOfOrigin: p.countryOfOrigin,
    images: p.images,
    primaryImage: p.primaryImage,
    categoryPath: p.categoryPath,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      pricePaise: rupeesToPaise(v.price),
      mrpPaise: rupeesToPaise(v.mrp),
      stock: v.stock,
    })),
  };
}

function fromCartRecord(cart: CartRecord): CartInput {
  return {
    id: cart.id,
    isActive: cart.isActive,
    email: cart.email,
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
    lines: cart.lines.map((line) => ({
      ...line,
      product: {
        id: line.product.id,
        slug: line.product.slug,
        name: line.product.name,
        brand: line.product.brand,
        description: null,
        hsnCode: line.product.hsnCode,
        images: line.product.images,
        primaryImage: line.product.primaryImage,
        categoryPath: [],
        variants: line.product.variants,
      },
    })),
  };
}

/** The cart's lines as the pricing takes them (catalogue price, HSN code, category). */
function pricingLines(cart: CartRecord): PricingLine[] {
  return cart.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    hsnCode: l.product.hsnCode,
    categoryId: l.product.categoryId,
  }));
}

/** Sum of the lines that can be bought now, in paise: what a coupon applies to. */
function countedSubtotalPaise(cart: CartRecord): number {
  return cart.lines.reduce((sum, l) => (l.isAvailable ? sum + l.unitPricePaise * l.quantity : sum), 0);
}

export class StoreService {
  constructor(
    private readonly deps: {
      catalog: CatalogService;
      coupons: CouponService;
      carts: CartService;
      pricing: Pick<PricingService, 'quote'>;
    },
  ) {}

  /** A page of products priced for the region, with the fields `selection` picks, and how many match. */
  async listProducts(
    query: ProductListQuery,
    region: StoreRegion,
    selection: Selection,
  ): Promise<{ products: Picked[]; count: number }> {
    const { products, count } = await this.deps.catalog.listProducts({
      limit: query.limit,
      offset: query.offset,
      ids: query.ids,
      slugs: query.handles,
      categoryIds: query.categoryIds,
      search: query.q,
    });
    return { products: products.map((p) => toStoreProduct(fromProductDetail(p), region, selection)), count };
  }

  /** One product by id (or handle) priced for the region; NotFoundError otherwise. */
  async getProduct(idOrHandle: string, region: StoreRegion, selection: Selection): Promise<Picked> {
    return toStoreProduct(fromProductDetail(await this.deps.catalog.getProduct(idOrHandle)), region, selection);
  }

  /** Coupons running now, as promotions. */
  async runningPromotions(): Promise<StorePromotion[]> {
    return (await this.deps.coupons.running()).map((c) => toStorePromotion(c, INDIA_REGION));
  }

  /**
   * A new cart (region India unless another known region is named), with its first items if
   * given, added in order: an item refused stops there with its error, and the cart made so
   * far is left for the idle-cart clean-up.
   */
  async createCart(
    input: {
      region: StoreRegion;
      email?: string;
      items?: { variantId: string; quantity: number }[];
    },
    selection: Selection,
  ): Promise<Picked> {
    let cart = await this.deps.carts.create({ kind: 'anonymous' }, { regionId: input.region.id, email: input.email });
    for (const item of input.items ?? []) {
      cart = await this.deps.carts.addItem({ kind: 'cart', cartId: cart.id }, item);
    }
    return this.view(cart, selection);
  }

  /**
   * The cart as GET /store/carts/{id} answers it, with the cart's version it shows and until
   * when (epoch ms) its pricing holds: the end of the coupon it was priced with, or null (for
   * KeptCarts). NotFoundError for an unknown cart or a logged-in user's.
   */
  async getCart(
    cartId: string,
    selection: Selection,
  ): Promise<{ cart: Picked; version: number; until: number | null }> {
    const cart = await this.storeCart(cartId);
    const { view, coupon } = await this.priced(cart, selection);
    return { cart: view, version: cart.version, until: coupon?.endsAt?.getTime() ?? null };
  }

  async updateCart(
    cartId: string,
    fields: { email?: string | null; region?: StoreRegion },
    selection: Selection,
  ): Promise<Picked> {
    await this.storeCart(cartId);
    return this.view(
      await this.deps.carts.updateDetails(cartId, {
        ...(fields.email !== undefined ? { email: fields.email } : {}),
        ...(fields.region ? { regionId: fields.region.id } : {}),
      }),
      selection,
    );
  }

  /** Adds a quantity of a variant; the same variant again raises its line's quantity. */
  async addLineItem(
    cartId: string,
    item: { variantId: string; quantity: number },
    selection: Selection,
  ): Promise<Picked> {
    await this.storeCart(cartId);
    return this.view(await this.deps.carts.addItem({ kind: 'cart', cartId }, item), selection);
  }

  /** Sets a line's quantity; 0 removes the line (as Medusa does). */
  async updateLineItem(cartId: string, lineId: string, quantity: number, selection: Selection): Promise<Picked> {
    if (quantity === 0) return this.deleteLineItem(cartId, lineId, selection);
    await this.storeCart(cartId);
    return this.view(await this.deps.carts.updateItemQuantity({ kind: 'cart', cartId }, lineId, quantity), selection);
  }

  async deleteLineItem(cartId: string, lineId: string, selection: Selection): Promise<Picked> {
    await this.storeCart(cartId);
    return this.view(await this.deps.carts.removeItem({ kind: 'cart', cartId }, lineId), selection);
  }

  /**
   * Applies a coupon code (any letter case): it must be running and the cart's subtotal must
   * reach its minimum order. A cart holds one coupon; a new one replaces the old.
   */
  async addPromotions(cartId: string, codes: string[], selection: Selection): Promise<Picked> {
    const cart = await this.storeCart(cartId);
    const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
    if (wanted.length > 1) throw new ValidationError(COUPON_MESSAGES.oneAtATime);
    const coupon = await this.deps.coupons.findRunning(wanted[0]!);
    if (!coupon) throw new ValidationError(COUPON_MESSAGES.notFound);
    if (countedSubtotalPaise(cart) < coupon.minOrderPaise) {
      throw new ValidationError(couponMinimumOrder(paiseToRupees(coupon.minOrderPaise)));
    }
    // The coupon's own rules (eligible lines, their minimum, first order…) as an order applies them.
    const lines = pricingLines(cart).filter((_, i) => cart.lines[i]!.isAvailable);
    await this.deps.pricing.quote({ lines, couponCode: coupon.code, placeOfSupply: null, userId: null, strict: true });
    return this.view(await this.deps.carts.setPromotionCodes(cartId, [coupon.code]), selection);
  }

  /** Removes the codes named (any letter case); codes the cart does not hold are ignored. */
  async removePromotions(cartId: string, codes: string[], selection: Selection): Promise<Picked> {
    const cart = await this.storeCart(cartId);
    const removed = new Set(codes.map((c) => c.trim().toUpperCase()));
    const kept = cart.promotionCodes.filter((c) => !removed.has(c.toUpperCase()));
    return this.view(await this.deps.carts.setPromotionCodes(cartId, kept), selection);
  }

  /** The cart if /store may use it: it exists and belongs to no logged-in user. */
  private async storeCart(cartId: string): Promise<CartRecord> {
    const cart = await this.deps.carts.get({ kind: 'cart', cartId });
    if (!cart || cart.userId) throw new NotFoundError(CART_MESSAGES.cartNotFound);
    return cart;
  }

  /**
   * The cart in Medusa's shape with the fields `selection` picks, priced (when a picked field needs
   * it) by the store's one pricing: the lines that can be bought now with the cart's coupon (while
   * it runs and its rules accept the cart), every line without. A store cart belongs to no
   * shopper and has no address yet: GST as inter-state (IGST).
   */
  private async view(cart: CartRecord, selection: Selection): Promise<Picked> {
    return (await this.priced(cart, selection)).view;
  }

  /** The view, and the coupon it was priced with (null when none applied or no total was asked). */
  private async priced(cart: CartRecord, selection: Selection): Promise<{ view: Picked; coupon: Coupon | null }> {
    const region = findRegion(cart.regionId) ?? INDIA_REGION;
    const source = { cart: fromCartRecord(cart), region, coupon: null, totals: null };
    if (!needsTotals(selection)) return { view: toStoreCart(source, selection), coupon: null };
    let coupon: Coupon | null = null;
    for (const code of cart.promotionCodes) {
      coupon = await this.deps.coupons.findRunning(code);
      if (coupon) break;
    }
    const lines = pricingLines(cart);
    const counted = cart.lines.map((l) => l.isAvailable);
    const original = await this.deps.pricing.quote({ lines, placeOfSupply: null, userId: null });
    // Without a coupon and with every line on sale, the priced lines are the original ones.
    const priced =
      !coupon && counted.every(Boolean)
        ? original
        : await this.deps.pricing.quote({
            lines: lines.filter((_, i) => counted[i]),
            couponCode: coupon?.code ?? null,
            placeOfSupply: null,
            userId: null,
          });
    const applied = coupon && priced.coupon ? { coupon, discountPaise: priced.discountPaise } : null;
    return {
      view: toStoreCart({ ...source, coupon: applied, totals: cartTotals(counted, priced, original) }, selection),
      coupon: applied?.coupon ?? null,
    };
  }
}
