/**
 * The session cookie `auth_token` (behaviour.md §9): httpOnly, SameSite=Lax, Secure when the API is served over https, path /,
 * living exactly as long as the session. With SESSION_COOKIE_DOMAIN it carries that `Domain`, so the
 * storefront's server on a sibling host (shop.example.com beside api.example.com) receives it too
 * and renders the shopper's own pages (README "Browser sessions and where the API lives").
 */
import { AUTH_TOKEN_STORAGE_NAME } from '@vastra/contracts';
import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './sessions';

/** Where the session cookie goes: `secure` over https; `domain` when the storefront is on a sibling host. */
export type SessionCookieOptions = { secure: boolean; domain: string | undefined };

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, options: SessionCookieOptions): void {
  reply.setCookie(AUTH_TOKEN_STORAGE_NAME, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    ...(options.domain ? { domain: options.domain } : {}),
    expires: session.expiresAt,
  });
}

/** Ends the cookie; with a domain, a host-only cookie set before the domain was configured goes too. */
export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  const base = { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' } as const;
  reply.clearCookie(AUTH_TOKEN_STORAGE_NAME, base);
  if (options.domain) reply.clearCookie(AUTH_TOKEN_STORAGE_NAME, { ...base, domain: options.domain });
}
