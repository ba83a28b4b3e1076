/**
 * Accounts (behaviour.md §4 Auth, §7 Auth): register, log in with a password or Google, verify the email
 * with a mailed code, change or reset the password, log out. Every way in ends in a session
 * (`SessionService`); every password change revokes the sessions it should. Password logins
 * go through the LoginThrottle; the reset code is mailed after the answer (lib/jobs).
 *
 * Mails holding a one-time code never become stored jobs (the code is kept only hashed): the
 * verification code is mailed in the request, whose answer says whether it went (the shopper
 * can ask again); the reset code is mailed from memory (`Jobs.later`, retried). The account
 * claim mail holds no secret and is a stored job with the user's id.
 */
import {
  AUTH_MESSAGES,
  OTP_TTL_MS,
  type LoginBody,
  type RegisterResult,
  type AuthResult,
  type ShopperLocale,
  type User,
} from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import { googleClaimedAccountMail, passwordResetCodeMail, verificationCodeMail } from '../../lib/mail-templates';
import type { UsersService } from '../users/service';
import type { UserRow } from '../users';
import type { GoogleIdTokenVerifier } from './google';
import type { LoginThrottle } from './login-throttle';
import type { OneTimeCodeService } from './one-time-codes';
import { hashPassword, verifyPassword } from './passwords';
import type { IssuedSession, SessionMeta, SessionService } from './sessions';
import type { ConsentService } from '../consent/service';
import { ACCOUNT_CLAIMED_MAIL_JOB } from './jobs';

export type AuthDeps = {
  /** For the changes that must happen together (a Google claim drops the password and revokes sessions). */
  db: Db;
  users: UsersService;
  sessions: SessionService;
  codes: OneTimeCodeService;
  mailer: Mailer;
  google: GoogleIdTokenVerifier;
  loginThrottle: LoginThrottle;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** The consent record: a new account took the sign-up notice (`account`), and what it ticked. */
  consent: Pick<ConsentService, 'record'>;
};

/** A successful login: the answer for the client and the session behind its token (for the cookie). */
export type LoginOutcome = { result: AuthResult; session: IssuedSession };

const CODE_MINUTES = OTP_TTL_MS / 60_000;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** The account-claimed job's handler (auth/jobs.ts): mails the user, read again by id; rejects when the mail fails (retried). */
  async mailAccountClaimed(userId: string): Promise<void> {
    const user = await this.deps.users.get(userId);
    if (!user.email) return;
    await this.deps.mailer.send({
      to: user.email,
      ...googleClaimedAccountMail({ name: user.name, locale: user.locale }),
    });
  }

  private async startSession(user: UserRow, meta: SessionMeta): Promise<LoginOutcome> {
    if (user.blockedAt) throw new ForbiddenError(AUTH_MESSAGES.accountBlocked);
    const session = await this.deps.sessions.create(user.id, meta);
    return { result: { token: session.token, user: await this.deps.users.toPublic(user) }, session };
  }

  /** Mails a fresh verification code; false (logged) when the mail could not be sent. */
  private async sendVerificationCode(user: UserRow): Promise<boolean> {
    if (!user.email) return false;
    const code = await this.deps.codes.issue(user.id, 'verify_email');
    try {
      const mail = verificationCodeMail({ name: user.name, code, minutesValid: CODE_MINUTES, locale: user.locale });
      await this.deps.mailer.send({ to: user.email, ...mail }, { oneTimeCode: code });
      return true;
    } catch (err) {
      this.deps.log.error({ err, userId: user.id }, 'verification mail not sent');
      return false;
    }
  }

  /**
   * Creates an account (unverified) in the language the shopper signed up in (`locale`, default
   * English), records the sign-up notice taken (consent `account`) and the optional purposes
   * ticked (`consents`), mails a verification code in the language and logs the user in.
   * Throws ConflictError when the email is taken (the unique email index decides, so a race can't make two).
   */
  async register(
    input: {
      name: string;
      email: string;
      password: string;
      phone?: string;
      locale?: ShopperLocale;
      consents?: 'cart_reminders'[];
    },
    meta: SessionMeta,
  ): Promise<{ outcome: LoginOutcome; result: RegisterResult }> {
    const user = await this.deps.users.create({
      email: input.email,
      name: input.name,
      phone: input.phone ?? null,
      passwordHash: await hashPassword(input.password),
      locale: input.locale ?? 'en',
    });
    await this.deps.consent.record(user.id, 'account', true);
    for (const purpose of input.consents ?? []) await this.deps.consent.record(user.id, purpose, true);
    const verificationEmailSent = await this.sendVerificationCode(user);
    const outcome = await this.startSession(user, meta);
    return { outcome, result: { ...outcome.result, verificationEmailSent } };
  }

  /**
   * Email and password, from the client address `meta.ip`; `device` is the id of a valid device
   * cookie for this email (DeviceCookies), or null. Throws UnauthorizedError with one message
   * whether or not the email exists, and TooManyRequestsError once the LoginThrottle's failures
   * for this device, or else for this email and address (or this address, or this email from
   * every client without its device cookie) reach their limit.
   */
  async login(input: LoginBody, meta: SessionMeta, device: string | null = null): Promise<LoginOutcome> {
    return this.deps.loginThrottle.attempt(input.email, { ip: meta.ip ?? '', device }, async () => {
      const user = await this.deps.users.findByEmail(input.email);
      const matches = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !matches) throw new UnauthorizedError(AUTH_MESSAGES.incorrectCredentials);
      // The password may have changed while it was being checked (a reset, or a Google claim
      // that revoked every session): open the session only under the row lock and only if the
      // password is still the one checked, so no session outlives the change.
      const session = await this.deps.db.transaction(async (tx) => {
        const locked = await this.deps.users.lock(tx, user.id);
        if (locked?.passwordHash !== user.passwordHash) {
          throw new UnauthorizedError(AUTH_MESSAGES.incorrectCredentials);
        }
        if (locked.blockedAt) throw new ForbiddenError(AUTH_MESSAGES.accountBlocked);
        return this.deps.sessions.create(user.id, meta, tx);
      });
      return { result: { token: session.token, user: await this.deps.users.toPublic(user) }, session };
    });
  }

  /**
   * Google sign-in: the account with this Google id, else the account with this (Google-
   * verified) email, which gets linked (and claimed, when it was never verified), else a new
   * verified account without a password, which took the sign-in page's notice (consent `account`).
   */
  async googleLogin(idToken: string, meta: SessionMeta): Promise<LoginOutcome> {
    const identity = await this.deps.google.verify(idToken);
    let user = await this.deps.users.findByGoogleSub(identity.sub);
    if (!user) {
      const byEmail = await this.deps.users.findByEmail(identity.email);
      if (!byEmail) {
        user = await this.deps.users.create({
          email: identity.email,
          name: identity.name ?? identity.email.split('@')[0]!,
          googleSub: identity.sub,
          isEmailVerified: true,
        });
        await this.deps.consent.record(user.id, 'account', true);
      } else if (byEmail.isEmailVerified) {
        user = await this.deps.users.linkGoogle(byEmail.id, identity.sub);
      } else {
        user = await this.claimUnverified(byEmail, identity.sub);
      }
    }
    return this.startSession(user, meta);
  }

  /**
   * Google proved the email of an account nobody had verified. Whoever created it need not
   * own the address, and may have kept its password and a session to read what the owner
   * does later (pre-hijack). So the owner takes it over: the password is dropped and every
   * session revoked, in one transaction with linking Google; then the owner is told by mail.
   */
  private async claimUnverified(account: UserRow, googleSub: string): Promise<UserRow> {
    const claimed = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.users.claimUnverifiedForGoogle(account.id, googleSub, tx);
      if (row) await this.deps.sessions.revokeAll(account.id, undefined, tx);
      return row;
    });
    // Verified with its code in the meantime, so it was the owner's all along: only link.
    if (!claimed) return this.deps.users.linkGoogle(account.id, googleSub);
    await this.deps.jobs.send(ACCOUNT_CLAIMED_MAIL_JOB, { userId: claimed.id });
    return claimed;
  }

  /**
   * The store blocks (or unblocks) a shopper's account (docs/admin.md): a block ends every
   * session in the same transaction, and the account cannot log in or order until unblocked.
   */
  async setBlocked(userId: string, blocked: boolean): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.setBlocked(tx, userId, blocked);
      if (blocked) await this.deps.sessions.revokeAll(userId, undefined, tx);
    });
  }

  async logout(sessionId: string): Promise<void> {
    await this.deps.sessions.revoke(sessionId);
  }

  /** Checks the current password, sets the new one and revokes the user's other sessions. */
  async changePassword(
    claims: { userId: string; sessionId: string },
    input: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    const user = await this.deps.users.get(claims.userId);
    if (!user.passwordHash) throw new ValidationError(AUTH_MESSAGES.noPasswordYet);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordIncorrect);
    }
    await this.deps.users.setPasswordHash(user.id, await hashPassword(input.newPassword));
    await this.deps.sessions.revokeAll(user.id, claims.sessionId);
  }

  /**
   * Marks the caller's email verified when the code is right and answers the caller. Any
   * other email answers like a wrong code (ValidationError), so nothing about it shows.
   */
  async verifyEmail(
    userId: string,
    input: { email: string; otp: string },
  ): Promise<{ user: User; alreadyVerified: boolean }> {
    const user = await this.deps.users.get(userId);
    if (!user.email || !sameEmail(user.email, input.email)) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    if (user.isEmailVerified) return { user: await this.deps.users.toPublic(user), alreadyVerified: true };
    await this.deps.codes.consume(user.id, 'verify_email', input.otp);
    return {
      user: await this.deps.users.toPublic(await this.deps.users.markEmailVerified(user.id)),
      alreadyVerified: false,
    };
  }

  /**
   * Mails the caller a new verification code (at most one a minute). Throws ValidationError
   * when `email` is not the caller's (saying nothing about it) or is already verified.
   */
  async resendVerification(userId: string, email: string): Promise<void> {
    const user = await this.deps.users.get(userId);
    if (!user.email || !sameEmail(user.email, email)) throw new ValidationError(AUTH_MESSAGES.notYourEmail);
    if (user.isEmailVerified) throw new ValidationError(AUTH_MESSAGES.alreadyVerified);
    await this.sendVerificationCode(user);
  }

  /**
   * Mails a reset code when the account exists, after the answer: the lookup, the code and
   * the mail run after the answer, in memory, so neither the answer nor its timing tells whether
   * the account exists.
   */
  forgotPassword(email: string): void {
    this.deps.jobs.later('auth-password-reset', {}, () => this.sendResetCode(email));
  }

  private async sendResetCode(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user?.email) return;
    const to = user.email;
    let code: string;
    try {
      code = await this.deps.codes.issue(user.id, 'reset_password');
    } catch (err) {
      // Asked again within the minute: the earlier code still works, and nobody waits for an answer.
      if (err instanceof TooManyRequestsError) return;
      throw err;
    }
    const mail = passwordResetCodeMail({ name: user.name, code, minutesValid: CODE_MINUTES, locale: user.locale });
    // Retried on its own, so a retry mails this code rather than asking for another.
    this.deps.jobs.later('mail-password-reset', { userId: user.id }, () =>
      this.deps.mailer.send({ to, ...mail }, { oneTimeCode: code }),
    );
  }

  /**
   * Sets a new password with a mailed reset code and revokes every session. Receiving the
   * code also proves the email address.
   */
  async resetPassword(input: { email: string; otp: string; newPassword: string }): Promise<void> {
    const user = await this.deps.users.findByEmail(input.email);
    if (!user) throw new ValidationError(AUTH_MESSAGES.codeIncorrect);
    await this.deps.codes.consume(user.id, 'reset_password', input.otp);
    await this.deps.users.setPasswordHash(user.id, await hashPassword(input.newPassword));
    if (!user.isEmailVerified) await this.deps.users.markEmailVerified(user.id);
    await this.deps.sessions.revokeAll(user.id);
  }
}
