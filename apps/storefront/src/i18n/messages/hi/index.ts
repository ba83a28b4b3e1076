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
import type English from '../en';

/** Every storefront text in Hindi, one namespace per area; typed as the English, so a missing key fails the typecheck. */
const messages: typeof English = {
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
