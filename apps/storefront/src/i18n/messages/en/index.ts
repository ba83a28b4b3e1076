import account from './account.json';
import cart from './cart.json';
import catalog from './catalog.json';
import checkout from './checkout.json';
import common from './common.json';
import messages_ from './messages.json';
import notifications from './notifications.json';
import orders from './orders.json';
import policies from './policies.json';
import product from './product.json';
import pwa from './pwa.json';
import reviews from './reviews.json';
import wishlist from './wishlist.json';

/** Every storefront text in English (behaviour.md's texts word for word), one namespace per area. */
const messages = {
  account,
  cart,
  catalog,
  checkout,
  common,
  orders,
  policies,
  product,
  reviews,
  wishlist,
  messages: messages_,
  notifications,
  pwa,
};
export default messages;
