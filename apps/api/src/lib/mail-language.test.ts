/**
 * Mails in the shopper's language (docs/behaviour.md "Languages of mails and invoices"): a Hindi account gets its
 * verification code, password reset and order mails in Hindi over a real SMTP server, an
 * English one exactly the English of before; the language is taken at sign-up, in the profile
 * form and at checkout, and an unknown one is refused. The Hindi catalogue has every key of the
 * English one, with the same placeholders, and translates each text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatPrice, VALIDATION_MESSAGES, type Order } from '@vastra/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { bearer, freshIp, multipart, register, uniqueEmail, type Account } from '../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../test/catalog';
import { createTestApp, type TestContext } from '../test/harness';
import { codeFrom } from '../test/outbox';
import { BENGALURU_ADDRESS } from '../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { MAIL_CATALOGUES, mailLocaleFor } from './mail-i18n';

let smtp: TestSmtpServer;
let ctx: TestContext;
let product: TestProduct;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  product = (await pickProducts(ctx.database.db, 1))[0]!;
  await setStock(ctx.database.db, product.variants[0]!.id, 50);
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

/** POST /orders of one piece, cash on delivery (placed at once, so the confirmation goes). */
function placeCod(account: Account, extra: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(account.token),
    payload: {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
      ...extra,
    },
  });
}

async function placed(account: Account, extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await placeCod(account, extra);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.order as Order;
}

async function putProfile(account: Account, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const body = await multipart(form);
  return ctx.app.inject({
    method: 'PUT',
    url: '/auth/profile/full',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(account.token) },
  });
}

describe('a shopper whose account is in Hindi', () => {
  let shopper: Account;

  before(async () => {
    shopper = await register(ctx.app, { name: 'Meera Iyer', locale: 'hi' });
  });

  test('gets the verification code in Hindi, subject and body, and the account says hi', async () => {
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, 'Vastra पर अपना ईमेल सत्यापित करें');
    const text = mail.text ?? '';
    assert.ok(text.startsWith('नमस्ते Meera Iyer,\n'), text);
    assert.ok(text.includes('Vastra पर अपना ईमेल पता सत्यापित करने के लिए यह कोड डालें:'), text);
    assert.ok(text.includes('यह कोड 10 मिनट तक मान्य है।'), text);
    assert.ok(text.includes('Vastra · भारत के लिए फ़ैशन'), text);
    assert.match(codeFrom(mail), /^\d{6}$/);
    assert.match(String(mail.html), /<html lang="hi">/);
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(shopper.token) });
    assert.equal(me.json().data.user.locale, 'hi');
  });

  test('gets the order confirmation in Hindi, amounts written as in English', async () => {
    const order = await placed(shopper);
    assert.equal(order.locale, 'en', 'placed without a language, the order is in English');
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, `आपका Vastra ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है`);
    const text = mail.text ?? '';
    assert.ok(text.includes(`Vastra से खरीदारी करने के लिए धन्यवाद। आपका ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है।`), text);
    assert.ok(text.includes(`ऑर्डर की कुल राशि: ${formatPrice(order.totalAmount)}`), text);
    assert.ok(text.includes('कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर रकम तैयार रखें।'), text);
    assert.doesNotMatch(text, /Thank you|Delivering to/);
    assert.ok(String(mail.html).includes(`<strong>${order.orderNumber}</strong>`), 'the number in bold');
  });

  test('gets the password reset code in Hindi', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: shopper.email },
      remoteAddress: freshIp(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, 'अपना Vastra पासवर्ड रीसेट करें');
    assert.ok(mail.text?.includes('आपका पासवर्ड जैसा है, वैसा ही रहेगा।'), mail.text);
  });
});

describe('a shopper whose account is in English', () => {
  test('gets the verification code and order confirmation in English, as before', async () => {
    const shopper = await register(ctx.app, { name: 'Ravi Kumar' });
    const code = await smtp.waitForMail(shopper.email);
    assert.equal(code.subject, 'Verify your email for Vastra');
    assert.ok(code.text?.startsWith('Hi Ravi Kumar,\n\nUse this code to verify your email address for Vastra:\n'));
    assert.ok(code.text?.includes('This code is valid for 10 minutes.'));
    assert.match(String(code.html), /<html lang="en">/);

    const order = await placed(shopper);
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, `Your Vastra order ${order.orderNumber} is confirmed`);
    assert.ok(
      mail.text?.includes(`Thank you for shopping with Vastra. Your order ${order.orderNumber} is confirmed.`),
      mail.text,
    );
    assert.ok(mail.text?.includes(`Order total: ${formatPrice(order.totalAmount)}`), mail.text);
    assert.ok(mail.text?.includes('-- \nVastra · fashion for India\n'), mail.text);
  });

  test('switching the account to Hindi in the profile form turns its next mails Hindi', async () => {
    const shopper = await register(ctx.app, { name: 'Kabir' });
    await smtp.waitForMail(shopper.email); // the verification code, in English
    const res = await putProfile(shopper, { locale: 'hi' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.user.locale, 'hi');
    const order = await placed(shopper);
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, `आपका Vastra ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है`);
  });
});

describe('the language of an order', () => {
  test('is kept as placed (locale hi) and shown on the order', async () => {
    const shopper = await register(ctx.app, { locale: 'hi' });
    await smtp.waitForMail(shopper.email);
    const order = await placed(shopper, { locale: 'hi' });
    assert.equal(order.locale, 'hi');
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, `आपका Vastra ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है`);
  });

  test("decides a mail's language only without an account; the account's language comes first", () => {
    assert.equal(mailLocaleFor({ account: null, order: 'hi' }), 'hi');
    assert.equal(mailLocaleFor({ account: 'en', order: 'hi' }), 'en');
    assert.equal(mailLocaleFor({ account: 'hi', order: 'en' }), 'hi');
    assert.equal(mailLocaleFor({}), 'en');
  });
});

describe('an unknown language', () => {
  test('is refused at sign-up, in the profile form and at checkout with a clear 400', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: freshIp(),
      payload: { name: 'Asha', email: uniqueEmail(), password: 'long enough 1', locale: 'fr' },
    });
    assert.equal(signUp.statusCode, 400, signUp.body);
    assert.equal(signUp.json().message, VALIDATION_MESSAGES.locale);

    const shopper = await register(ctx.app);
    await smtp.waitForMail(shopper.email);
    const profile = await putProfile(shopper, { locale: 'fr' });
    assert.equal(profile.statusCode, 400, profile.body);
    assert.equal(profile.json().message, VALIDATION_MESSAGES.locale);

    const order = await placeCod(shopper, { locale: 'hi-IN' });
    assert.equal(order.statusCode, 400, order.body);
    assert.equal(order.json().message, VALIDATION_MESSAGES.locale);
  });
});

/** The names of the values a message takes, plurals' and selects' included. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if ('value' in element && element.type !== 0) names.add(String(element.value));
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...names].sort();
}

describe('the mail catalogues', () => {
  // Texts that are the same in both languages: a tax's name and rate, the courier's AWB number.
  const SAME_IN_BOTH = new Set(['orderPlaced.tax', 'orderStatus.awb']);

  test('Hindi has every English key with the same values, and translates every text', () => {
    const { en, hi } = MAIL_CATALOGUES;
    for (const [section, messages] of Object.entries(en)) {
      for (const [key, english] of Object.entries(messages as Record<string, string>)) {
        const id = `${section}.${key}`;
        const hindi = (hi as Record<string, Record<string, string> | undefined>)[section]?.[key];
        assert.ok(hindi !== undefined, `${id} is missing in hi.json`);
        assert.deepEqual(argumentNames(hindi), argumentNames(english), `${id} takes the same values`);
        if (SAME_IN_BOTH.has(id)) assert.equal(hindi, english, `${id} is the same in both`);
        else assert.notEqual(hindi, english, `${id} is translated`);
      }
    }
    const keys = (c: object) => Object.entries(c).flatMap(([s, m]) => Object.keys(m).map((k) => `${s}.${k}`));
    assert.deepEqual(keys(hi).sort(), keys(en).sort(), 'hi.json has no key English lacks');
  });
});
