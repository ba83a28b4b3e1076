/**
 * The response header by which src/proxy.ts marks a page rendered for a signed-in shopper
 * (its header shows their name, its data their cart and wishlist) or for a guest with a cart
 * (the `guestId` cookie: its data holds that cart): the service worker
 * (src/sw/index.ts) never stores a response carrying it (docs/architecture.md "Service worker").
 */
export const PERSONAL_RESPONSE_HEADER = 'x-vastra-personal';
