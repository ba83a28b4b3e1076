/**
 * The session cookie `auth_token` (behaviour.md §9): httpOnly, SameSite=Lax, Secure when the API is served over https, path /,
 * living exactly as long as the session.
 */
import { AUTH_TOKEN_STORAGE_NAME } from '@vastra/contracts';
import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './sessions';

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, secure: boolean): void {
  reply.setCookie(AUTH_TOKEN_STORAGE_NAME, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(AUTH_TOKEN_STORAGE_NAME, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
