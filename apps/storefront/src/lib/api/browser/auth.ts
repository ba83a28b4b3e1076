import type { AuthResult, LoginBody, RegisterBody, RegisterResult, User } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer, type AnswerMeta } from './api';
import type { ApiAnswer, BrowserApi } from './client';

/**
 * The accounts calls of behaviour.md §7 Auth as RTK Query endpoints. Login, Google login and
 * register hand every answer below 500 back to the caller (behaviour.md §7), so their refusals
 * are read from the answer (`ok`, `status`) rather than failed. The auth slice runs them and
 * keeps the user (behaviour.md §3). The profile form, with its photo, goes through the client
 * itself: a form upload is not data for the cache.
 */

/** An answer whose refusal below 500 is read, not failed. */
export type CheckedAnswer<T> = Answer<T> & { ok: boolean; status: number };

function withStatus<T>(data: T | undefined, meta: AnswerMeta | undefined): CheckedAnswer<T> {
  return { data, message: meta?.message, ok: meta?.ok ?? true, status: meta?.status ?? 200 };
}

export const authApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<CheckedAnswer<AuthResult>, LoginBody>({
      query: (body) => ({ path: '/auth/login', method: 'POST', json: body, answersBelow500: true }),
      transformResponse: withStatus<AuthResult>,
      invalidatesTags: ['Me', 'Cart', 'Wishlist', 'Orders', 'Addresses'],
    }),
    /** Google's ID token from the sign-in button or one-tap. */
    googleLogin: build.mutation<CheckedAnswer<AuthResult>, string>({
      query: (credential) => ({
        path: '/auth/google-login',
        method: 'POST',
        json: { token: credential },
        answersBelow500: true,
      }),
      transformResponse: withStatus<AuthResult>,
      invalidatesTags: ['Me', 'Cart', 'Wishlist', 'Orders', 'Addresses'],
    }),
    register: build.mutation<CheckedAnswer<RegisterResult>, RegisterBody>({
      query: (body) => ({ path: '/auth/register', method: 'POST', json: body, answersBelow500: true }),
      transformResponse: withStatus<RegisterResult>,
    }),
    currentUser: build.query<Answer<{ user: User }>, void>({
      query: () => ({ path: '/auth/me' }),
      transformResponse: withMessage<{ user: User }>,
      providesTags: ['Me'],
    }),
    changePassword: build.mutation<Answer<unknown>, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ path: '/auth/reset-password-secure', method: 'POST', json: body }),
      transformResponse: withMessage<unknown>,
    }),
    verifyEmail: build.mutation<Answer<{ user: User }>, { email: string; otp: string }>({
      query: (body) => ({ path: '/auth/verify-email', method: 'POST', json: body }),
      transformResponse: withMessage<{ user: User }>,
      invalidatesTags: ['Me'],
    }),
    resendVerification: build.mutation<Answer<unknown>, string>({
      query: (email) => ({ path: '/auth/resend-verification', method: 'POST', json: { email } }),
      transformResponse: withMessage<unknown>,
    }),
    forgotPassword: build.mutation<Answer<unknown>, string>({
      query: (email) => ({ path: '/auth/forgot-password', method: 'POST', json: { email } }),
      transformResponse: withMessage<unknown>,
    }),
    resetPassword: build.mutation<Answer<unknown>, { email: string; otp: string; newPassword: string }>({
      query: (body) => ({ path: '/auth/reset-password', method: 'POST', json: body }),
      transformResponse: withMessage<unknown>,
    }),
    /** Ends the session of the `auth_token` cookie and clears the cookie. */
    logout: build.mutation<Answer<unknown>, void>({
      query: () => ({ path: '/auth/logout', method: 'POST' }),
      transformResponse: withMessage<unknown>,
    }),
  }),
});

/** Multipart: name, phone, gender, dateOfBirth ('' clears one), addresses (JSON), avatar (file). */
export function putProfile(api: BrowserApi, form: FormData): Promise<ApiAnswer<{ user: User }>> {
  return api.request('/auth/profile/full', { method: 'PUT', form, timeoutMs: 60_000 });
}
