/**
 * Sign-in with a mobile number (docs/behaviour.md "Phone sign-in"): a code texted to a +91 number
 * signs in the account whose verified number it is, or makes a new account (no email, its name
 * asked next); a signed-in shopper adds or changes their number with a code texted to the new
 * one. A phone sign-in proves the number only: the email (if any) stays as verified as it was.
 * An account without an email closes itself with a code texted to its verified number.
 *
 * Asking for a code answers the same whether or not the number has an account, and looks
 * nothing up, so neither the answer nor its timing tells. Each text is first counted in the sms
 * module's ledger (per number, address, account, and the daily budgets), then its code is made
 * (stored hashed) and texted in the request: its answer says whether it went.
 */
import { AUTH_MESSAGES, type ShopperLocale, type User } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, ForbiddenError, ServiceUnavailableError } from '../../lib/errors';
import type { SmsRequester, SmsService } from '../sms';
import type { UsersService } from '../users/service';
import type { LoginOutcome } from './service';
import type { ConsentService } from '../consent/service';
import type { PhoneCodeService } from './phone-codes';
import type { SessionMeta, SessionService } from './sessions';
import type { PhoneCodePurpose } from './tables';

export type PhoneAuthDeps = {
  users: UsersService;
  /** The consent record: a new account took the sign-in page's notice (`account`). */
  consent: Pick<ConsentService, 'record'>;
  sessions: SessionService;
  codes: PhoneCodeService;
  sms: Pick<SmsService, 'reserve' | 'sendOtp'>;
  log: FastifyBaseLogger;
  /** Config PHONE_SIGN_IN: when off, every phone route answers 503 phoneSignInOff. */
  enabled: boolean;
};

export class PhoneAuthService {
  constructor(private readonly deps: PhoneAuthDeps) {}

  get enabled(): boolean {
    return this.deps.enabled;
  }

  private async text(phone: string, purpose: PhoneCodePurpose, who: SmsRequester): Promise<void> {
    if (!this.deps.enabled) throw new ServiceUnavailableError(AUTH_MESSAGES.phoneSignInOff);
    await this.deps.sms.reserve(phone, who);
    const code = await this.deps.codes.issue(phone, purpose, who.userId ?? null);
    try {
      await this.deps.sms.sendOtp({ phone, code });
    } catch (err) {
      // The error names the provider's answer, never the code.
      this.deps.log.error({ err }, 'sign-in SMS not sent');
      throw new ServiceUnavailableError(AUTH_MESSAGES.smsNotSent);
    }
  }

  /**
   * Texts a sign-in code to `phone` (10 digits), for whoever asks from `ip`. Throws
   * TooManyRequestsError over a limit or budget (SmsService.reserve), ServiceUnavailableError when
   * phone sign-in is off or the text could not be sent.
   */
  async startSignIn(phone: string, ip: string): Promise<void> {
    await this.text(phone, 'sign_in', { ip });
  }

  /**
   * Uses the texted code and opens a session: for the account whose verified number `phone` is,
   * else for a new account with this verified number, no email, an empty name (asked next) and
   * the page's language `locale`, which took the page's notice (consent `account`). `created` tells which. Throws ValidationError or
   * TooManyRequestsError for a wrong, expired or used-up code, ForbiddenError for a blocked account.
   */
  async signIn(
    input: { phone: string; otp: string; locale?: ShopperLocale },
    meta: SessionMeta,
  ): Promise<{ outcome: LoginOutcome; created: boolean }> {
    if (!this.deps.enabled) throw new ServiceUnavailableError(AUTH_MESSAGES.phoneSignInOff);
    await this.deps.codes.consume(input.phone, 'sign_in', null, input.otp);
    let user = await this.deps.users.findByVerifiedPhone(input.phone);
    let created = false;
    if (!user) {
      try {
        user = await this.deps.users.create({
          email: null,
          name: '',
          phone: input.phone,
          phoneVerifiedAt: new Date(),
          locale: input.locale ?? 'en',
        });
        created = true;
        await this.deps.consent.record(user.id, 'account', true);
      } catch (err) {
        // Two right codes at once made the account in the other request: sign in to it.
        if (!(err instanceof ConflictError)) throw err;
        user = await this.deps.users.findByVerifiedPhone(input.phone);
        if (!user) throw err;
      }
    }
    if (user.blockedAt) throw new ForbiddenError(AUTH_MESSAGES.accountBlocked);
    const session = await this.deps.sessions.create(user.id, meta);
    return {
      outcome: { result: { token: session.token, user: await this.deps.users.toPublic(user) }, session },
      created,
    };
  }

  /**
   * Texts a code to the number the signed-in `userId` wants as theirs, whether or not another
   * account has it (that shows only to whoever receives the code). Throws as `startSignIn`.
   */
  async startChange(userId: string, phone: string, ip: string): Promise<void> {
    await this.text(phone, 'change_phone', { ip, userId });
  }

  /**
   * Texts a code that closes `userId`'s account to its verified number `phone` (the privacy
   * module's erasure of an account without an email; docs/behaviour.md "Data rights: export,
   * erasure, retention"). Throws as `startSignIn`.
   */
  async startErasure(userId: string, phone: string, ip: string): Promise<void> {
    await this.text(phone, 'erase_account', { ip, userId });
  }

  /**
   * Uses the code texted to `phone` for closing `userId`'s account; another account's code, or a
   * sign-in or number change code, is no such code. Throws as `signIn` for the code.
   */
  async confirmErasure(userId: string, phone: string, otp: string): Promise<void> {
    await this.deps.codes.consume(phone, 'erase_account', userId, otp);
  }

  /**
   * Uses the code texted for `userId`'s number change and makes `phone` their verified number.
   * Throws as `signIn` for the code, ConflictError(phoneTaken) when another account has the
   * number verified.
   */
  async confirmChange(userId: string, input: { phone: string; otp: string }): Promise<User> {
    if (!this.deps.enabled) throw new ServiceUnavailableError(AUTH_MESSAGES.phoneSignInOff);
    await this.deps.codes.consume(input.phone, 'change_phone', userId, input.otp);
    return this.deps.users.toPublic(await this.deps.users.setVerifiedPhone(userId, input.phone));
  }
}
