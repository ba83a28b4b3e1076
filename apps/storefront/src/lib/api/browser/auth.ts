import type { AuthResult, LoginBody, RegisterBody, RegisterResult, User } from '@vastra/contracts';
import type { ApiAnswer, BrowserApi } from './client';

/**
 * The accounts calls of behaviour.md §7 Auth, one function per call, through the browser client. Login,
 * Google login and register hand every answer below 500 back to the caller (behaviour.md §7), so their
 * rejections are read from the answer rather than thrown.
 */

export function postLogin(api: BrowserApi, body: LoginBody): Promise<ApiAnswer<AuthResult>> {
  return api.request('/auth/login', { method: 'POST', json: body, answersBelow500: true });
}

/** Google's ID token from the sign-in button or one-tap. */
export function postGoogleLogin(api: BrowserApi, credential: string): Promise<ApiAnswer<AuthResult>> {
  return api.request('/auth/google-login', { method: 'POST', json: { token: credential }, answersBelow500: true });
}

export function postRegister(api: BrowserApi, body: RegisterBody): Promise<ApiAnswer<RegisterResult>> {
  return api.request('/auth/register', { method: 'POST', json: body, answersBelow500: true });
}

export function getCurrentUser(api: BrowserApi): Promise<ApiAnswer<{ user: User }>> {
  return api.request('/auth/me');
}

/** Multipart: name, phone, gender, dateOfBirth ('' clears one), addresses (JSON), avatar (file). */
export function putProfile(api: BrowserApi, form: FormData): Promise<ApiAnswer<{ user: User }>> {
  return api.request('/auth/profile/full', { method: 'PUT', form, timeoutMs: 60_000 });
}

export function postChangePassword(
  api: BrowserApi,
  body: { currentPassword: string; newPassword: string },
): Promise<ApiAnswer<unknown>> {
  return api.request('/auth/reset-password-secure', { method: 'POST', json: body });
}

export function postVerifyEmail(
  api: BrowserApi,
  body: { email: string; otp: string },
): Promise<ApiAnswer<{ user: User }>> {
  return api.request('/auth/verify-email', { method: 'POST', json: body });
}

export function postResendVerification(api: BrowserApi, email: string): Promise<ApiAnswer<unknown>> {
  return api.request('/auth/resend-verification', { method: 'POST', json: { email } });
}

export function postForgotPassword(api: BrowserApi, email: string): Promise<ApiAnswer<unknown>> {
  return api.request('/auth/forgot-password', { method: 'POST', json: { email } });
}

export function postResetPassword(
  api: BrowserApi,
  body: { email: string; otp: string; newPassword: string },
): Promise<ApiAnswer<unknown>> {
  return api.request('/auth/reset-password', { method: 'POST', json: body });
}

/** Ends the session of the `auth_token` cookie and clears the cookie. */
export function postLogout(api: BrowserApi): Promise<ApiAnswer<unknown>> {
  return api.request('/auth/logout', { method: 'POST' });
}
