/**
 * What each push says (docs/behaviour.md "Push notifications"), in every language the shopper's
 * account may have, in one place: add a language by adding its texts to PUSH_TEXTS. English when
 * the account names none or one without texts here. Prices as the storefront shows them.
 */
import { formatPrice, paiseToRupees, type PushPayload } from '@vastra/contracts';

/** The order steps a shopper is told of by push (order.status_changed), and a refund issued. */
export const PUSHED_ORDER_STATUSES = ['shipped', 'out_for_delivery', 'undelivered', 'delivered'] as const;
export type PushedOrderStatus = (typeof PUSHED_ORDER_STATUSES)[number] | 'refunded';

type Item = { name: string; size: string };
type Texts = {
  backInStockTitle: string;
  backInStock: (item: Item, more: number) => string;
  priceDropTitle: string;
  priceDrop: (item: Item & { price: string }, more: number) => string;
  orderTitle: (orderNumber: string) => string;
  order: Record<Exclude<PushedOrderStatus, 'refunded' | 'undelivered'>, string>;
  /** A failed delivery attempt (NDR): its own title, the body names the order (the page asks when to come again). */
  undeliveredTitle: string;
  undelivered: (orderNumber: string) => string;
  refunded: (amount: string) => string;
};

const PUSH_TEXTS = {
  en: {
    backInStockTitle: 'Back in stock',
    backInStock: (i, more) =>
      more === 0
        ? `${i.name} (size ${i.size}) is back in stock.`
        : `${i.name} (size ${i.size}) and ${more} more are back in stock.`,
    priceDropTitle: 'Price drop on your wishlist',
    priceDrop: (i, more) =>
      more === 0
        ? `${i.name} (size ${i.size}) is now ${i.price}.`
        : `${i.name} (size ${i.size}) is now ${i.price}, and ${more} more are cheaper.`,
    orderTitle: (n) => `Order ${n}`,
    order: {
      shipped: 'Your order has shipped.',
      out_for_delivery: 'Your order is out for delivery.',
      delivered: 'Your order has been delivered.',
    },
    undeliveredTitle: 'Delivery attempt failed',
    undelivered: (n) => `The courier could not deliver ${n}. Tell them when to come again.`,
    refunded: (amount) => `Your refund of ${amount} has been issued.`,
  },
  hi: {
    backInStockTitle: 'फिर से स्टॉक में',
    backInStock: (i, more) =>
      more === 0
        ? `${i.name} (साइज़ ${i.size}) फिर से स्टॉक में है।`
        : `${i.name} (साइज़ ${i.size}) समेत ${more + 1} चीज़ें फिर से स्टॉक में हैं।`,
    priceDropTitle: 'आपकी विशलिस्ट में दाम घटे',
    priceDrop: (i, more) =>
      `${i.name} (साइज़ ${i.size}) अब ${i.price} का है।` +
      (more === 0 ? '' : more === 1 ? ' इसके साथ एक और चीज़ सस्ती हुई है।' : ` इसके साथ ${more} और चीज़ें सस्ती हुई हैं।`),
    orderTitle: (n) => `ऑर्डर ${n}`,
    order: {
      shipped: 'आपका ऑर्डर भेज दिया गया है।',
      out_for_delivery: 'आपका ऑर्डर डिलीवरी के लिए निकल चुका है।',
      delivered: 'आपका ऑर्डर डिलीवर हो गया है।',
    },
    undeliveredTitle: 'डिलीवरी नहीं हो पाई',
    undelivered: (n) => `कूरियर ${n} डिलीवर नहीं कर पाया। उन्हें बताएँ कि दोबारा कब आएँ।`,
    refunded: (amount) => `आपका ${amount} का रिफ़ंड जारी कर दिया गया है।`,
  },
} satisfies Record<string, Texts>;

type Language = keyof typeof PUSH_TEXTS;
const isLanguage = (locale: string | null | undefined): locale is Language => !!locale && locale in PUSH_TEXTS;

/** The storefront's path prefix of a language (routing.ts: English unprefixed). */
const prefix = (language: Language) => (language === 'en' ? '' : `/${language}`);

/** A size of a product as an alert push names it; price in paise. */
export type PushProduct = { productId: string; name: string; size: string; pricePaise: number; image?: string };

/**
 * The push of an alert mail's sizes of one kind (at least one): the first size by name, how many
 * more, its product page. `locale`: the account's language (English when unknown).
 */
export function alertPush(
  kind: 'backInStock' | 'priceDrop',
  items: readonly [PushProduct, ...PushProduct[]],
  opts: { storefrontUrl: string; locale?: string | null },
): PushPayload {
  const language: Language = isLanguage(opts.locale) ? opts.locale : 'en';
  const texts: Texts = PUSH_TEXTS[language];
  const [first] = items;
  const more = items.length - 1;
  const url = `${opts.storefrontUrl}${prefix(language)}/shop/product/${encodeURIComponent(first.productId)}`;
  const body =
    kind === 'backInStock'
      ? texts.backInStock(first, more)
      : texts.priceDrop({ ...first, price: formatPrice(paiseToRupees(first.pricePaise)) }, more);
  return {
    title: kind === 'backInStock' ? texts.backInStockTitle : texts.priceDropTitle,
    body,
    url,
    // One of each kind on screen: the day's newer push replaces the older.
    tag: kind === 'backInStock' ? 'back-in-stock' : 'price-drop',
    ...(first.image ? { image: first.image } : {}),
  };
}

/**
 * The push of an order's step or refund: its number and what happened, its page (for a failed
 * delivery attempt the page with the form that asks for a new one).
 */
export function orderPush(
  order: { id: string; orderNumber: string },
  status: PushedOrderStatus,
  opts: { storefrontUrl: string; locale?: string | null; amountPaise?: number },
): PushPayload {
  const language: Language = isLanguage(opts.locale) ? opts.locale : 'en';
  const texts: Texts = PUSH_TEXTS[language];
  const body =
    status === 'refunded'
      ? texts.refunded(formatPrice(paiseToRupees(opts.amountPaise ?? 0)))
      : status === 'undelivered'
        ? texts.undelivered(order.orderNumber)
        : texts.order[status];
  return {
    title: status === 'undelivered' ? texts.undeliveredTitle : texts.orderTitle(order.orderNumber),
    body,
    url: `${opts.storefrontUrl}${prefix(language)}/account/orders/${encodeURIComponent(order.id)}`,
    // One per order: its newest step replaces the last.
    tag: `order-${order.orderNumber}`,
  };
}
