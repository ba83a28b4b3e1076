// The bench's shopper (scripts/bench-web.mjs): made through the API as a script would, with a
// bearer token, so the pages measured as this shopper have something of theirs to show.

/**
 * A JSON call to the API at `apiUrl`, as the shopper of `token` (or nobody); resolves to the
 * envelope's `data`, throws with the API's message on any status above 299.
 */
export async function apiCall(apiUrl, method, pathname, token, json) {
  const res = await fetch(`${apiUrl}${pathname}`, {
    method,
    headers: {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

const address = {
  firstName: 'Bench',
  lastName: 'Shopper',
  street: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
  phone: '9876543210',
};

/**
 * Registers a new shopper on the API at `apiUrl` and gives them what a returning shopper has:
 * a saved default address, one cash-on-delivery order (of two lines), two lines in the cart
 * again and two wishlist entries. Resolves to
 * `{ shopper: { name, email, password }, token, productId, expected }`: `token` is the session
 * (the value of the API's `auth_token` cookie), `productId` a product with sizes in stock for the
 * product page, and `expected[page]` strings that page shows when it holds the shopper's data
 * (cart, checkout, account, orders, wishlist). Throws when the API refuses a step, or the seeded
 * store has fewer than six products with a size in stock.
 */
export async function prepareShopper(apiUrl) {
  const shopper = { name: 'Bench Shopper', email: `bench-${Date.now()}@example.com`, password: 'saree-and-chai-1' };
  const call = (method, pathname, token, json) => apiCall(apiUrl, method, pathname, token, json);

  const { products } = await call('GET', '/products/search?limit=24&sort=rating');
  const picked = [];
  for (const { id } of products) {
    const { product } = await call('GET', `/products/${id}`);
    const variant = product.variants.find((v) => v.stock >= 3);
    if (variant) picked.push({ id, name: product.name, variantId: variant.id });
    if (picked.length === 6) break;
  }
  if (picked.length < 6) throw new Error(`Only ${picked.length} of the best-rated products have a size in stock.`);
  const [first, second, third, fourth, fifth, sixth] = picked;
  const addToCart = (p) => call('POST', '/cart/add', token, { productId: p.id, variantId: p.variantId, quantity: 1 });

  const { token } = await call('POST', '/auth/register', null, shopper);
  await call('POST', '/addresses', token, { ...address, isDefault: true });
  await addToCart(third);
  await addToCart(fourth);
  const { order } = await call('POST', '/orders', token, { paymentMethod: 'cod', shippingAddress: address });
  await addToCart(first);
  await addToCart(second);
  await call('POST', '/wishlist/add', token, { productId: fifth.id, variantId: fifth.variantId });
  await call('POST', '/wishlist/add', token, { productId: sixth.id, variantId: sixth.variantId });

  return {
    shopper,
    token,
    productId: first.id,
    expected: {
      cart: [first.name, second.name],
      checkout: [first.name, address.street],
      account: [shopper.email],
      orders: [order.orderNumber],
      wishlist: [fifth.name, sixth.name],
    },
  };
}
