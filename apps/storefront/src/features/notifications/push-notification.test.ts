import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applicationServerKeyOf, NOTIFICATION_ICON, notificationOf } from './push-notification';

const origin = 'https://vastra.example';

test('a push of the API becomes a notification with its texts, tag, picture and the page to open', () => {
  const data = JSON.stringify({
    title: 'Back in stock',
    body: 'Anarkali Kurta (size M) is back in stock.',
    url: `${origin}/shop/product/p1`,
    tag: 'back-in-stock',
    image: 'https://media.vastra.example/p1.webp',
  });
  assert.deepEqual(notificationOf(data, origin), {
    title: 'Back in stock',
    options: {
      body: 'Anarkali Kurta (size M) is back in stock.',
      icon: NOTIFICATION_ICON,
      tag: 'back-in-stock',
      image: 'https://media.vastra.example/p1.webp',
      data: { url: `${origin}/shop/product/p1` },
    },
  });
});

test('a tap never opens another site; a push that is not ours shows nothing', () => {
  const elsewhere = notificationOf(JSON.stringify({ title: 'Hi', url: 'https://evil.example/x' }), origin);
  assert.equal(elsewhere?.options.data.url, `${origin}/`);
  assert.equal(
    notificationOf(JSON.stringify({ title: 'Order', url: '/account/orders/1' }), origin)?.options.data.url,
    `${origin}/account/orders/1`,
  );
  assert.equal(notificationOf('not json', origin), null);
  assert.equal(notificationOf(JSON.stringify({ body: 'no title' }), origin), null);
  assert.equal(notificationOf(null, origin), null);
});

test("the store's VAPID key is turned into the 65 bytes the browser subscribes with", () => {
  const key = Buffer.alloc(65, 7);
  key[0] = 4;
  assert.deepEqual([...applicationServerKeyOf(key.toString('base64url'))], [...key]);
});
