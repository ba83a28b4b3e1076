import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import compile from 'icu-minify/compile';
import { createTranslator } from 'next-intl';
import * as contracts from '@vastra/contracts';
import en from './messages/en/messages.json';
import hi from './messages/hi/messages.json';
import { localiseMessage, type EnglishSpecMessages, type TranslateSpecMessage } from './spec-messages-lookup';

/**
 * The store's fixed messages (docs/behaviour.md §8, §5) in the `messages` namespace: English word for
 * word as @vastra/contracts has them, a Hindi text for each, and the localiser that shows an
 * English message (a constant's or a parameterised one's) in Hindi on a Hindi page.
 */

/** Each group of the namespace and the contracts constant it mirrors (the shopper's; the admin's stay English). */
const CONSTANTS: Record<string, Record<string, string>> = {
  generic: contracts.GENERIC_MESSAGES,
  auth: contracts.AUTH_MESSAGES,
  validation: contracts.VALIDATION_MESSAGES,
  catalog: contracts.CATALOG_MESSAGES,
  cart: contracts.CART_MESSAGES,
  wishlist: contracts.WISHLIST_MESSAGES,
  review: contracts.REVIEW_MESSAGES,
  coupon: contracts.COUPON_MESSAGES,
  tax: contracts.TAX_MESSAGES,
  address: contracts.ADDRESS_MESSAGES,
  order: contracts.ORDER_MESSAGES,
  delivery: contracts.DELIVERY_MESSAGES,
  gstin: contracts.GSTIN_MESSAGES,
  alerts: contracts.ALERTS_MESSAGES,
  cartReminders: contracts.CART_REMINDERS_MESSAGES,
  sizing: contracts.SIZING_MESSAGES,
  commerce: contracts.COMMERCE_MESSAGES,
  whatsapp: contracts.WHATSAPP_MESSAGES,
  privacy: contracts.PRIVACY_MESSAGES,
  courier: contracts.COURIER_MESSAGES,
  consent: contracts.CONSENT_MESSAGES,
  grievance: contracts.GRIEVANCE_MESSAGES,
};

/** Hindi texts that really keep their English (none so far): `group.key`. */
const SAME_IN_HINDI = new Set<string>();

/** Each message function of the contracts, called with sample values, and the `formatted` key and values that must give the same text. */
const FORMATTED: [string, string, Record<string, string>][] = [
  [contracts.erasureOrderInProgress('VST-001234'), 'erasureOrderInProgress', { orderNumber: 'VST-001234' }],
  [contracts.erasureStoreCreditLeft('₹ 250'), 'erasureStoreCreditLeft', { amount: '₹ 250' }],
  [contracts.erasureCodeTexted('3210'), 'erasureCodeTexted', { ending: '3210' }],
  [contracts.photoTooManyPixels(40), 'photoTooManyPixels', { maxMegapixels: '40' }],
  [contracts.uploadQuotaExceeded(200), 'uploadQuotaExceeded', { quotaMb: '200' }],
  [
    contracts.pincodeStateMismatch('560001', 'Karnataka'),
    'pincodeStateMismatch',
    { pincode: '560001', pincodeState: 'Karnataka' },
  ],
  [contracts.unpaidOrdersLimit(1), 'unpaidOrderOne', {}],
  [contracts.unpaidOrdersLimit(3), 'unpaidOrdersLimit', { max: '3' }],
  [contracts.returnWindowClosed('12 Mar 2026'), 'returnWindowClosed', { until: '12 Mar 2026' }],
  [contracts.itemNotReturnable('Cotton Briefs'), 'itemNotReturnable', { name: 'Cotton Briefs' }],
  [contracts.returnQuantityExceeded('Silk Saree', 0), 'returnQuantityNone', { name: 'Silk Saree' }],
  [contracts.returnQuantityExceeded('Silk Saree', 2), 'returnQuantityExceeded', { name: 'Silk Saree', available: '2' }],
  [contracts.orderOutOfStock('Linen Kurta', 'M', 0), 'orderOutOfStock', { name: 'Linen Kurta', size: 'M' }],
  [
    contracts.orderOutOfStock('Linen Kurta', 'M', 2),
    'orderOnlyLeft',
    { name: 'Linen Kurta', size: 'M', available: '2' },
  ],
  [contracts.codLimitExceeded(10000), 'codLimitExceeded', { amount: '₹ 10,000' }],
  [contracts.couponMinimumOrder(1499), 'couponMinimumOrder', { amount: '₹ 1,499' }],
  [contracts.commerceFieldsNotValid(['a', 'b']), 'commerceFieldsNotValid', { fields: 'a, b' }],
  [contracts.onlyLeftInStock(3), 'onlyLeftInStock', { available: '3' }],
  [
    contracts.gstinStateMismatch('27', { name: 'Karnataka', code: '29' }),
    'gstinStateMismatch',
    { gstinStateCode: '27', stateName: 'Karnataka', stateCode: '29' },
  ],
  [contracts.codUnavailableAt('190001'), 'codUnavailableAt', { pincode: '190001' }],
];

const translator = (locale: 'en' | 'hi') =>
  createTranslator({
    locale,
    messages: { messages: locale === 'en' ? en : hi },
    namespace: 'messages',
  }) as unknown as TranslateSpecMessage;

/** The English as the build hands it to the browser and the server (next.config.ts precompile). */
const compiledEnglish: EnglishSpecMessages = Object.fromEntries(
  Object.entries(en).map(([group, texts]) => [
    group,
    Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compile(text) as string])),
  ]),
);
const toHindi = (message: string) => localiseMessage(message, 'hi', compiledEnglish, translator('hi'));

describe('the messages namespace', () => {
  it('has every message constant, English word for word, and Hindi that differs', () => {
    const english = en as Record<string, Record<string, string>>;
    const hindi = hi as Record<string, Record<string, string>>;
    const problems: string[] = [];
    for (const [group, constants] of Object.entries(CONSTANTS)) {
      for (const [key, text] of Object.entries(constants)) {
        if (english[group]?.[key] !== text) problems.push(`en ${group}.${key} is not ${JSON.stringify(text)}`);
        const hindiText = hindi[group]?.[key];
        if (!hindiText?.trim()) problems.push(`hi ${group}.${key} is missing`);
        else if (hindiText === text && !SAME_IN_HINDI.has(`${group}.${key}`))
          problems.push(`hi ${group}.${key} is English`);
      }
    }
    for (const group of Object.keys(english)) {
      if (group !== 'formatted' && !CONSTANTS[group]) problems.push(`en group ${group} mirrors no constant`);
      for (const key of Object.keys(english[group]!)) {
        if (group !== 'formatted' && !(key in (CONSTANTS[group] ?? {})))
          problems.push(`en ${group}.${key} is no constant`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it("says each parameterised message as the contracts' function does, in English", () => {
    const t = translator('en');
    for (const [text, key, values] of FORMATTED) assert.equal(t(`formatted.${key}`, values), text, key);
    const covered = new Set(FORMATTED.map(([, key]) => key));
    assert.deepEqual(
      Object.keys(en.formatted).filter((key) => !covered.has(key)),
      [],
    );
  });

  it('has the same Hindi for the same English under two constants', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const [group, texts] of Object.entries(en as Record<string, Record<string, string>>)) {
      for (const [key, text] of Object.entries(texts)) {
        const hindi = (hi as Record<string, Record<string, string>>)[group]![key]!;
        byEnglish.set(text, (byEnglish.get(text) ?? new Set()).add(hindi));
      }
    }
    assert.deepEqual(
      [...byEnglish].filter(([, hindi]) => hindi.size > 1).map(([text]) => text),
      [],
    );
  });
});

describe('localiseMessage', () => {
  it('shows a constant in Hindi on a Hindi page', () => {
    assert.equal(toHindi(contracts.CART_MESSAGES.add), 'आइटम कार्ट में नहीं जुड़ सका');
    assert.equal(toHindi(contracts.VALIDATION_MESSAGES.phone), 'कृपया 10 अंकों का सही भारतीय मोबाइल नंबर डालें।');
    assert.equal(toHindi(contracts.GENERIC_MESSAGES.fallback), 'कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर से कोशिश करें।');
    assert.equal(toHindi("We'll mail you when it's back"), 'वापस आते ही हम आपको मेल करेंगे');
  });

  it('shows a parameterised message in Hindi with its values as they came (amounts, names, codes)', () => {
    assert.equal(toHindi(contracts.onlyLeftInStock(3)), 'इस साइज़ के सिर्फ़ 3 पीस स्टॉक में बचे हैं।');
    assert.equal(
      toHindi(contracts.orderOutOfStock('Linen Kurta (Indigo)', 'XL', 2)),
      'Linen Kurta (Indigo) (साइज़ XL) के सिर्फ़ 2 पीस बचे हैं।',
    );
    assert.equal(
      toHindi(contracts.couponMinimumOrder(1499)),
      'यह कूपन इस्तेमाल करने के लिए ₹ 1,499 या उससे ज़्यादा के आइटम जोड़ें।',
    );
    assert.equal(
      toHindi(contracts.gstinStateMismatch('27', { name: 'Karnataka', code: '29' })),
      'यह GSTIN राज्य कोड 27 में रजिस्टर्ड है, लेकिन डिलीवरी का पता Karnataka (29) में है। Karnataka में रजिस्टर्ड GSTIN डालें।',
    );
    assert.equal(toHindi(contracts.unpaidOrdersLimit(1)), hi.formatted.unpaidOrderOne);
    assert.equal(
      toHindi(contracts.photoTooManyPixels(40)),
      'यह फ़ोटो बहुत बड़ी है (40 मेगापिक्सल से ज़्यादा)। कृपया छोटी फ़ोटो भेजें।',
    );
  });

  it('shows every constant and every parameterised message in its own Hindi', () => {
    const hindi = hi as Record<string, Record<string, string>>;
    for (const [group, constants] of Object.entries(CONSTANTS)) {
      for (const [key, text] of Object.entries(constants))
        assert.equal(toHindi(text), hindi[group]![key], `${group}.${key}`);
    }
    const t = translator('hi');
    for (const [text, key, values] of FORMATTED) assert.equal(toHindi(text), t(`formatted.${key}`, values), key);
  });

  it('leaves a message it does not know as it came, and English pages in English', () => {
    assert.equal(toHindi('Payment gateway said: card declined'), 'Payment gateway said: card declined');
    assert.equal(toHindi(`${contracts.CART_MESSAGES.add}!`), `${contracts.CART_MESSAGES.add}!`);
    assert.equal(
      localiseMessage(contracts.onlyLeftInStock(3), 'en', compiledEnglish, translator('en')),
      'Only 3 left in stock for this size.',
    );
    assert.equal(
      localiseMessage(contracts.CART_MESSAGES.add, 'hi', undefined, translator('hi')),
      contracts.CART_MESSAGES.add,
    );
  });
});
