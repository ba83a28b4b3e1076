/**
 * Data rights (docs/behaviour.md "Data rights: export, erasure, retention"): the kinds of personal
 * data the account page lists and the API's messages. No zod here: client components import it.
 */

/** The kinds of data the summary counts, one line each on the account page. */
export const PERSONAL_DATA_KINDS = [
  'account',
  'addresses',
  'orders',
  'returnsAndExchanges',
  'reviews',
  'wishlist',
  'carts',
  'alerts',
  'storeCredit',
  'sessions',
  'codes',
  'devices',
  'messaging',
  'uploads',
  'notices',
  'consents',
  'nominee',
  'grievances',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** What closing the account does to a kind: deleted, anonymised, or kept as a record the law requires. */
export const ERASURE_ACTIONS = ['delete', 'anonymise', 'keep'] as const;
export type ErasureActionName = (typeof ERASURE_ACTIONS)[number];

/** Years GST law keeps an order's records after the annual return of its year is due (CGST Act s.36). */
export const TAX_RECORD_YEARS = 6;
/**
 * Years an erased account's kept records (consents, grievances, the store credit ledger, returns,
 * notices: the registry's `keep` entries) stay after its erasure, at the least: the general
 * limitation period for a claim against the store (Limitation Act, 1963: 3 years; a consumer
 * complaint's 2 years under the Consumer Protection Act, 2019 fall within it), during which they
 * are its evidence. They stay longer while an order of the account is kept for GST. Counted in
 * Indian days: an account erased on 10 May 2026 is purged from 10 May 2029.
 */
export const KEPT_RECORDS_YEARS = 3;
/** Hours between the inactivity notice and the erasure. */
export const INACTIVITY_NOTICE_HOURS = 48;
/** Exports one account may download an hour. */
export const DATA_EXPORTS_PER_HOUR = 5;

export const PRIVACY_MESSAGES = {
  passwordRequired: 'Enter your password to close your account.',
  passwordIncorrect: 'That password is not right.',
  codeRequired: 'Enter the code we emailed you to close your account.',
  smsCodeRequired: 'Enter the code we sent to your mobile number to close your account.',
  noEmailForCode: 'This account has no email address to send a code to. Please contact the store.',
  codeSent: 'We emailed you a code. Enter it to close your account.',
  openReturn: 'A return or exchange of yours is still in progress. You can close your account once it is finished.',
  erased: 'Your account is closed and your personal data erased.',
  tooManyExports: 'You have downloaded your data several times this hour. Please try again later.',
  tooManyTries: 'Too many tries. Please wait an hour and try again.',
} as const;

/** The code closing an account without an email went by SMS to its verified number ending `ending` (last 4 digits). */
export const erasureCodeTexted = (ending: string) =>
  `We have sent a code to your mobile number ending ${ending}. Enter it to close your account.`;

/** Closing the account is refused while order `orderNumber` is still in progress. */
export const erasureOrderInProgress = (orderNumber: string) =>
  `Your order ${orderNumber} is still in progress. You can close your account once it is delivered or cancelled and any return or exchange is finished.`;

/** Closing the account is refused while store credit of `amount` (formatted, "₹ 250") is left and not given up. */
export const erasureStoreCreditLeft = (amount: string) =>
  `You have ${amount} of store credit. Spend it first, or confirm that you give it up when your account closes.`;
