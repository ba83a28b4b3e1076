/** The pages of a shopper's account, in the order the header menu and the account navigation list them. */
export const ACCOUNT_LINKS = [
  { href: '/account', label: 'Profile' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/returns', label: 'Returns' },
  { href: '/account/password', label: 'Change password' },
] as const;
