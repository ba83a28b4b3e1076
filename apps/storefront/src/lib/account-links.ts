/**
 * The pages of a shopper's account, in the order the header menu and the account navigation list them;
 * `label` is the key of the link's text in the account.links messages.
 */
export const ACCOUNT_LINKS = [
  { href: '/account', label: 'profile' },
  { href: '/account/orders', label: 'orders' },
  { href: '/account/returns', label: 'returns' },
  { href: '/account/store-credit', label: 'storeCredit' },
  { href: '/account/grievances', label: 'grievances' },
  { href: '/account/password', label: 'password' },
  { href: '/account/privacy-data', label: 'privacyData' },
] as const;
