/**
 * behaviour.md §8: a call that gets no answer shows its own text. With the API out of reach for
 * POST /cart/add (the browser's request refused), adding to the cart says "Failed to add item
 * to cart", not the login's "Unable to connect to our servers…".
 */
import { AUTH_MESSAGES, CART_MESSAGES } from '@vastra/contracts';
import { expect, test } from '@playwright/test';
import { addToCart, cartLabel, cartLink, chooseSize, productsWithSizes, sizesInStock } from '../support/cart';

test("adding to the cart with the API out of reach says 'Failed to add item to cart'", async ({ page }) => {
  const [product] = await productsWithSizes('categories=kurtas&limit=20', 1, 1);
  await page.goto(`/shop/product/${product!.id}`);
  await chooseSize(page, sizesInStock(product!)[0]!.size);
  await page.route('**/cart/add', (route) => route.abort('connectionrefused'));
  await addToCart(page, CART_MESSAGES.add);
  await expect(page.getByText(AUTH_MESSAGES.connectionRefused)).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName(cartLabel(0));
});
