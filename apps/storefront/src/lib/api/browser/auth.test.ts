import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { AUTH_MESSAGES, GENERIC_MESSAGES, type User } from '@vastra/contracts';
import { MutationError } from './mutate';
import { json, refused, stubFetch, timedOut, type Network } from '@/test-support/fetch-stub';
import { setSessionExpiryActions } from '@/lib/session-actions';
import {
  changePassword,
  logInWithPassword,
  register,
  resendVerification,
  setAccountLocale,
  updateProfile,
  verifyEmail,
} from './auth';

/**
 * The accounts calls through the write helper and the real browser client (behaviour.md §5, §7
 * and behaviour.md §8); only `fetch` (the HTTP boundary) is replaced.
 */
const http = stubFetch();
let loggedOut = 0;
const apiUrl = 'http://api.test';
const asked = () => http.sent.map(({ url }) => url);
beforeEach(() => {
  loggedOut = 0;
  setSessionExpiryActions({ signedIn: () => true, logout: () => loggedOut++, navigate: () => {} });
});

const serverError: Network = async () =>
  json(500, { success: false, message: GENERIC_MESSAGES.fallback, requestId: 'req-1' });

const asha = {
  id: 'u1',
  email: 'asha@example.com',
  name: 'Asha',
  phone: null,
  phoneVerified: false,
  gender: null,
  dateOfBirth: null,
  avatarUrl: null,
  isEmailVerified: false,
  hasPassword: true,
  googleLinked: false,
  addresses: [],
  locale: 'en',
  createdAt: '2026-01-05T10:00:00.000Z',
} satisfies User;

/** The message a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof MutationError, String(error));
    return error.message;
  }
  assert.fail('the call was not refused');
}

describe('login (behaviour.md §5 Login, §8 Login)', () => {
  it('answers the user the API logged in', async () => {
    http.network = async () => json(200, { success: true, message: 'Logged in successfully', data: { user: asha } });
    assert.deepEqual(await logInWithPassword(apiUrl, { email: asha.email, password: 'correct horse' }), asha);
    assert.deepEqual(asked(), [`${apiUrl}/auth/login`]);
  });

  it("a wrong password is the login's answer, not a session expiry", async () => {
    http.network = async () => json(401, { success: false, message: AUTH_MESSAGES.incorrectCredentials });
    assert.equal(
      await refusal(logInWithPassword(apiUrl, { email: asha.email, password: 'x' })),
      AUTH_MESSAGES.incorrectCredentials,
    );
    http.network = async () => json(401, { success: false });
    assert.equal(
      await refusal(logInWithPassword(apiUrl, { email: asha.email, password: 'x' })),
      AUTH_MESSAGES.incorrectCredentials,
    );
    assert.equal(loggedOut, 0);
  });

  it('login keeps its own texts for a refused connection and a timeout (behaviour.md §8 Login)', async () => {
    http.network = refused;
    const first = await refusal(logInWithPassword(apiUrl, { email: 'asha@example.com', password: 'x' }));
    assert.equal(first, AUTH_MESSAGES.connectionRefused);
    http.network = timedOut;
    const second = await refusal(logInWithPassword(apiUrl, { email: 'asha@example.com', password: 'x' }));
    assert.equal(second, AUTH_MESSAGES.timeout);
    http.network = serverError;
    const third = await refusal(logInWithPassword(apiUrl, { email: 'asha@example.com', password: 'x' }));
    assert.equal(third, AUTH_MESSAGES.fallback);
  });
});

describe('registration (behaviour.md §8 Register)', () => {
  const body = { name: 'Asha', email: asha.email, password: 'correct horse' };

  it('answers the user and whether the code was mailed', async () => {
    http.network = async () => json(201, { success: true, data: { user: asha, verificationEmailSent: true } });
    assert.deepEqual(await register(apiUrl, body), { user: asha, verificationEmailSent: true });
  });

  it("the API's message first, else 'Invalid registration details.' for a 400 and 'Registration failed…' otherwise", async () => {
    http.network = async () => json(409, { success: false, message: AUTH_MESSAGES.emailTaken });
    assert.equal(await refusal(register(apiUrl, body)), AUTH_MESSAGES.emailTaken);
    http.network = async () => json(400, { success: false });
    assert.equal(await refusal(register(apiUrl, body)), AUTH_MESSAGES.invalidRegistration);
    http.network = async () => json(422, { success: false });
    assert.equal(await refusal(register(apiUrl, body)), AUTH_MESSAGES.registrationFailed);
    http.network = serverError;
    assert.equal(await refusal(register(apiUrl, body)), AUTH_MESSAGES.registrationFailed);
    http.network = refused;
    assert.equal(await refusal(register(apiUrl, body)), AUTH_MESSAGES.connectionRefused);
  });
});

describe('calls that need a logged-in shopper (behaviour.md §5)', () => {
  it('a guest is never asked about in the browser, so no 401 logs them out or sends them to /auth/login', async () => {
    http.network = async () => json(401, { success: false, message: 'Session expired. Please login again.' });
    const body = { currentPassword: 'a-long-password', newPassword: 'another-long-one' };
    assert.equal(await refusal(changePassword(apiUrl, null, body)), AUTH_MESSAGES.noAuthToken);
    assert.equal(await refusal(verifyEmail(apiUrl, null, '123456')), AUTH_MESSAGES.noAuthToken);
    assert.equal(await refusal(resendVerification(apiUrl, null)), AUTH_MESSAGES.noAuthToken);
    assert.deepEqual(asked(), []);
    assert.equal(loggedOut, 0);
  });

  it("verifying sends the shopper's email and answers the verified user", async () => {
    const verified = { ...asha, isEmailVerified: true };
    let sent: unknown;
    http.network = async (_, init) => {
      sent = JSON.parse(String(init.body));
      return json(200, { success: true, message: AUTH_MESSAGES.emailVerified, data: { user: verified } });
    };
    assert.deepEqual(await verifyEmail(apiUrl, asha, '123456'), {
      user: verified,
      message: AUTH_MESSAGES.emailVerified,
    });
    assert.deepEqual(sent, { email: asha.email, otp: '123456' });
  });

  it("an ended session's 401 runs the 401 handler once and says the API's message", async () => {
    http.network = async () => json(401, { success: false, message: AUTH_MESSAGES.sessionExpired });
    const body = { currentPassword: 'a-long-password', newPassword: 'another-long-one' };
    assert.equal(await refusal(changePassword(apiUrl, asha, body)), AUTH_MESSAGES.sessionExpired);
    assert.equal(loggedOut, 1);
  });

  it('an empty profile form is refused before it is sent', async () => {
    assert.equal(await refusal(updateProfile(apiUrl, new FormData())), AUTH_MESSAGES.noFormData);
    assert.deepEqual(asked(), []);
  });
});

describe('the account language (docs/behaviour.md "Languages of mails and invoices")', () => {
  it('sends the language as a one-field profile form and answers the saved user', async () => {
    const hindi: User = { ...asha, locale: 'hi' };
    let form: FormData | undefined;
    http.network = async (_, init) => {
      form = init.body as FormData;
      return json(200, { success: true, message: AUTH_MESSAGES.profileUpdated, data: { user: hindi } });
    };
    assert.deepEqual(await setAccountLocale(apiUrl, 'hi'), hindi);
    assert.deepEqual(asked(), [`${apiUrl}/auth/profile/full`]);
    assert.equal(http.sent[0]!.init.method, 'PUT');
    assert.deepEqual(form && [...form.entries()], [['locale', 'hi']]);
  });
});
