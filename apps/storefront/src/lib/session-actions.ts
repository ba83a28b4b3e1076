/**
 * What the 401 handler (session-expiry.ts) does beyond its toast: forget the session, go to a
 * path; and whether this tab has a shopper at all (`signedIn`), since a 401 answered after the
 * shopper logged out here is not a session that expired. Set by the root layout's SessionKeeper (features/auth/session-keeper.tsx) once
 * mounted; kept apart from the handler so the page's first-load JavaScript holds no messages
 * (the handler loads with the first call).
 */
export type SessionExpiryActions = { signedIn: () => boolean; logout: () => void; navigate: (path: string) => void };

let actions: SessionExpiryActions | null = null;

/** Sets how the 401 handler logs out and navigates. */
export function setSessionExpiryActions(next: SessionExpiryActions): void {
  actions = next;
}

/** The actions set by SessionKeeper, null before it has mounted (and on the server). */
export function sessionExpiryActions(): SessionExpiryActions | null {
  return actions;
}
