/**
 * The store settings (docs/admin.md "Store settings") through HTTP: the environment's values
 * until the owner saves others; owner only; every save audited; refused values named; a saved
 * value used at once by the storefront's public settings, the next mail, checkout's cash on
 * delivery, the tax invoice's seller and the return window; an uploaded logo served. Two
 * instances sharing a database: settings-instances.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DEFAULT_STORE_NAME,
  GSTIN_MESSAGES,
  codLimitExceeded,
  STORE_SETTINGS_MESSAGES,
  type StoreSettings,
  type StoreSettingsView,
} from '@vastra/contracts';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { bearer, multipart, register, type Account } from '../../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { latestOutboxMail } from '../../test/outbox';
import { deliver, deliveredDaysAgo, placePaidOrder } from '../../test/returns';
import { ADMIN_ORIGIN, asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { STORE_PICTURE_MESSAGES } from './pictures';

const P = '/admin/api/store-settings';
const ENV = {
  SELLER_NAME: 'Env Traders LLP',
  SELLER_GSTIN: '29AAGCV9876K1Z8',
  COD_MAX_ORDER_RUPEES: '5000',
  RETURN_WINDOW_DAYS: '7',
  STORE_NOTIFY_EMAIL: 'orders@env.test',
};

let ctx: TestContext;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;
let product: TestProduct;
let shopper: Account;

before(async () => {
  ctx = await createTestApp({ env: ENV });
  team = await staffTeam(ctx);
  product = (await pickProducts(ctx.database.db, 1))[0]!;
  // ₹ 3,000 a piece: two are over a ₹ 5,000 COD limit, one is not.
  await setPricePaise(ctx.database.db, product.variants[0]!.id, 300_000);
  await setStock(ctx.database.db, product.variants[0]!.id, 50);
  shopper = await register(ctx.app, { name: 'Asha Rao' });
});
after(() => ctx.close());

async function view(): Promise<StoreSettingsView> {
  const res = await asStaff(ctx.app, team.owner, 'GET', P);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

function save(change: Partial<StoreSettings>, settings: StoreSettings, who = team.owner) {
  return asStaff(ctx.app, who, 'PUT', P, { ...settings, ...change });
}

function orderCod(quantity: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: {
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
    },
  });
}

describe('before the owner saves anything', () => {
  test('the settings are the environment’s, and only the owner reads or changes them', async () => {
    const { settings, configuredGateways, storeState } = await view();
    assert.equal(settings.storeName, DEFAULT_STORE_NAME);
    assert.equal(settings.sellerName, ENV.SELLER_NAME);
    assert.equal(settings.sellerGstin, ENV.SELLER_GSTIN);
    assert.equal(settings.codMaxRupees, 5000);
    assert.equal(settings.returnWindowDays, 7);
    assert.equal(settings.notifyEmail, ENV.STORE_NOTIFY_EMAIL);
    assert.deepEqual(settings.paymentGateways, ['sandbox']);
    assert.deepEqual(configuredGateways, ['sandbox']);
    assert.equal(storeState, '29');
    for (const who of [team.staff, team.support]) {
      assert.equal((await asStaff(ctx.app, who, 'GET', P)).statusCode, 403);
      assert.equal((await save({ storeName: 'Staff Store' }, settings, who)).statusCode, 403);
    }
    const open = await ctx.app.inject({ method: 'GET', url: '/store-settings' });
    assert.equal(open.json().data.storeName, DEFAULT_STORE_NAME);
  });

  test('a light colour, a GSTIN of another state, an unconfigured gateway and no way to pay are refused', async () => {
    const { settings } = await view();
    const refused = async (change: Partial<StoreSettings>, message: string | RegExp) => {
      const res = await save(change, settings);
      assert.equal(res.statusCode, 400, res.body);
      const said: string = res.json().message;
      assert.ok(typeof message === 'string' ? said.includes(message) : message.test(said), said);
    };
    await refused({ brandColour: '#ffd6e0' }, STORE_SETTINGS_MESSAGES.colourContrast);
    await refused({ brandColour: 'crimson' }, STORE_SETTINGS_MESSAGES.colourFormat);
    await refused({ sellerGstin: '27AAGCV9876K1ZC' }, 'The GSTIN must start with 29');
    await refused({ sellerGstin: 'NOT-A-GSTIN' }, GSTIN_MESSAGES.format);
    await refused({ sellerGstin: '29AAGCV9876K1Z3' }, GSTIN_MESSAGES.checksum);
    await refused({ paymentGateways: ['phonepe'] }, 'The phonepe gateway is not configured');
    await refused({ paymentGateways: [], codEnabled: false }, STORE_SETTINGS_MESSAGES.noWayToPay);
    await refused({ logoUrl: '/media/products/anything.jpg' }, STORE_SETTINGS_MESSAGES.picture);
    assert.equal((await view()).settings.sellerGstin, ENV.SELLER_GSTIN, 'nothing was saved');
  });
});

describe('a store picture upload', () => {
  async function upload(bytes: Uint8Array, name: string, type: string, headers: Record<string, string>) {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const body = await multipart(form);
    return ctx.app.inject({
      method: 'POST',
      url: '/admin/api/store-pictures',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }
  const page = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

  test('is refused without a staff session, from another origin, to support, and for a script posing as a picture', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#333333' } })
        .png()
        .toBuffer(),
    );
    assert.equal((await upload(png, 'logo.png', 'image/png', { origin: ADMIN_ORIGIN })).statusCode, 401);
    const forged = await upload(png, 'logo.png', 'image/png', {
      cookie: team.owner.cookie,
      origin: 'https://evil.example',
    });
    assert.equal(forged.statusCode, 403, forged.body);
    const support = await upload(png, 'logo.png', 'image/png', { cookie: team.support.cookie, origin: ADMIN_ORIGIN });
    assert.equal(support.statusCode, 403, support.body);
    const script = await upload(page, 'logo.png', 'image/png', { cookie: team.owner.cookie, origin: ADMIN_ORIGIN });
    assert.equal(script.statusCode, 400, script.body);
    assert.equal(script.json().message, STORE_PICTURE_MESSAGES.type);
  });
});

describe('once the owner saves', () => {
  let logoUrl: string;

  before(async () => {
    const logo = await sharp({ create: { width: 240, height: 80, channels: 4, background: '#0f5132' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const body = await multipart(form);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/store-pictures',
      payload: body.payload,
      headers: { ...body.headers, cookie: team.owner.cookie, origin: ADMIN_ORIGIN },
    });
    assert.equal(upload.statusCode, 200, upload.body);
    logoUrl = upload.json().data.url;
    const { settings } = await view();
    const res = await save(
      {
        storeName: 'Saffron & Silk',
        logoUrl,
        brandColour: '#0F5132',
        sellerName: 'Saffron Silk Retail Pvt Ltd',
        sellerGstin: '29ABCDE1234F1ZW',
        codMaxRupees: 4000,
        returnWindowDays: 30,
        deliveryChargeRupees: 79,
        freeDeliveryFromRupees: 9999,
        codFeeRupees: 25,
        contactEmail: 'care@saffronsilk.test',
        contactPhone: '+91 80 4000 1234',
        grievanceOfficerName: 'Priya Nair',
        grievanceOfficerDesignation: 'Grievance Officer',
        grievanceOfficerEmail: 'grievance@saffronsilk.test',
        grievanceOfficerPhone: '+91 80 4000 5678',
      },
      settings,
    );
    assert.equal(res.statusCode, 200, res.body);
  });

  test('the save is in the audit log with the settings before and after', async () => {
    const res = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/audit?entity=store-settings');
    const [entry] = res.json().data.rows;
    assert.equal(entry.action, 'store-settings.update');
    assert.equal(entry.actor.email, team.owner.email);
    assert.equal(entry.before.storeName, DEFAULT_STORE_NAME);
    assert.equal(entry.after.storeName, 'Saffron & Silk');
    assert.equal(entry.after.brandColour, '#0f5132');
  });

  test('the storefront reads the name, the colour, the logo (served), the seller and the grievance officer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/store-settings' });
    const data = res.json().data;
    assert.equal(data.storeName, 'Saffron & Silk');
    assert.equal(data.brandColour, '#0f5132');
    assert.equal(data.logoUrl, `http://api.test${logoUrl}`);
    // Every page's footer names the seller and the grievance officer (consumer rules).
    assert.equal(data.sellerName, 'Saffron Silk Retail Pvt Ltd');
    assert.equal(data.sellerGstin, '29ABCDE1234F1ZW');
    assert.equal(data.grievanceOfficerName, 'Priya Nair');
    assert.equal(data.grievanceOfficerEmail, 'grievance@saffronsilk.test');
    assert.equal(data.notifyEmail, undefined, 'only the public part');
    const file = await ctx.app.inject({ method: 'GET', url: logoUrl });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/webp');
  });

  test('the next mail names the store by its new name', async () => {
    const account = await register(ctx.app, { name: 'Meera Iyer' });
    await ctx.app.jobs.idle();
    const mail = await latestOutboxMail(ctx.dataDir, account.email);
    assert.equal(mail?.subject, 'Verify your email for Saffron & Silk');
    assert.match(String(mail?.html), /Saffron &amp; Silk/);
  });

  test('checkout offers cash on delivery up to the new limit', async () => {
    const options = await ctx.app.inject({
      method: 'GET',
      url: '/orders/checkout-options',
      headers: bearer(shopper.token),
    });
    assert.equal(options.json().data.codMaxAmount, 4000);
    const over = await orderCod(2);
    assert.equal(over.statusCode, 400, over.body);
    assert.equal(over.json().message, codLimitExceeded(4000));
  });

  test('the next quote charges the saved delivery charge, and the COD fee for cash on delivery', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/checkout/quote',
      headers: bearer(shopper.token),
      payload: {
        stateCode: '29',
        paymentMethod: 'cod',
        items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const quote = res.json().data;
    assert.equal(quote.shippingAmount, 79);
    assert.equal(quote.codFee, 25);
  });

  test('the tax invoice carries the saved seller, customer care and grievance officer; the return window is the saved one', async () => {
    const order = await placePaidOrder(ctx, shopper, {
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
    });
    await deliver(ctx, order.id);
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/invoice`,
      headers: bearer(shopper.token),
    });
    assert.equal(invoice.statusCode, 200, invoice.body);
    const { text } = await extractText(new Uint8Array(invoice.rawPayload), { mergePages: true });
    assert.match(text, /Saffron Silk Retail Pvt Ltd/);
    assert.match(text, /29ABCDE1234F1ZW/);
    assert.match(text, /12 Residency Road, Bengaluru, Karnataka 560025/, 'the seller’s address (the environment’s)');
    // The heading's half-width column wraps the long lines: any run of white space stands for a space.
    const flat = text.replace(/\s+/g, ' ');
    assert.ok(flat.includes('Customer care: care@saffronsilk.test · +91 80 4000 1234'), text);
    assert.ok(
      flat.includes(
        'Grievance officer: Priya Nair (Grievance Officer) · grievance@saffronsilk.test · +91 80 4000 5678',
      ),
      text,
    );
    // Delivered 20 days ago: past the environment's 7 days, within the saved 30.
    await deliveredDaysAgo(ctx, order.id, 20);
    const seen = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
    assert.equal(seen.json().data.order.canReturn, true, seen.body);
  });
});
