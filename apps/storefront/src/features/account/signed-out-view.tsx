/**
 * An account page for a session that has just ended (the server's read of it was refused): an
 * empty frame while the browser ends it. The root layout's shopper context runs the 401 handler
 * for such a render (behaviour.md §4 Session expiry: the toast, the logout, /auth/login).
 */
export function SignedOutPlaceholder() {
  return <div aria-hidden="true" className="min-h-96" />;
}
