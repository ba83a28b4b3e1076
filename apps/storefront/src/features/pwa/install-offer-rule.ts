/**
 * When the storefront offers "Add to home screen" (docs/behaviour.md "Offline and installing
 * the app"): once, never on the first visit, only from the second visit on or after the shopper
 * placed an order on this device, and never again once shown (accepted or dismissed). What it
 * remembers lives in localStorage under INSTALL_OFFER_KEY; a visit is a browser session.
 */

/** localStorage key of the remembered InstallOfferState. */
export const INSTALL_OFFER_KEY = 'vastra.installOffer';
/** sessionStorage key marking that this browser session has been counted as a visit. */
export const VISIT_KEY = 'vastra.visit';

export type InstallOfferState = {
  /** Visits to the store from this browser, the current one included. */
  visits: number;
  /** Whether an order was placed from this browser (its confirmation page was seen). */
  ordered: boolean;
  /** Whether the offer was already shown: it is made once, and a dismissal is final. */
  offered: boolean;
};

const FRESH: InstallOfferState = { visits: 0, ordered: false, offered: false };

/** The remembered state from its stored JSON; a missing or unreadable value is a fresh start. */
export function parseInstallOfferState(raw: string | null): InstallOfferState {
  if (!raw) return FRESH;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return FRESH;
    const { visits, ordered, offered } = value as Record<string, unknown>;
    return {
      visits: typeof visits === 'number' && Number.isInteger(visits) && visits > 0 ? visits : 0,
      ordered: ordered === true,
      offered: offered === true,
    };
  } catch {
    return FRESH;
  }
}

/**
 * The state after this page load: one more visit when it starts a new browser session
 * (`newVisit`), `ordered` once an order confirmation page is shown.
 */
export function afterPageLoad(
  state: InstallOfferState,
  { newVisit, orderConfirmation }: { newVisit: boolean; orderConfirmation: boolean },
): InstallOfferState {
  return {
    ...state,
    visits: newVisit ? state.visits + 1 : state.visits,
    ordered: state.ordered || orderConfirmation,
  };
}

/**
 * Whether to offer installing now: not yet offered, and a second visit or an order. The first
 * visit's pages never show it unless the shopper ordered in it.
 */
export function shouldOfferInstall(state: InstallOfferState): boolean {
  return !state.offered && (state.visits >= 2 || state.ordered);
}

/** An order confirmation page, in either language: /checkout/confirmation/{id}. */
export function isOrderConfirmation(pathname: string): boolean {
  return /^(?:\/hi)?\/checkout\/confirmation\/[^/]+\/?$/.test(pathname);
}
