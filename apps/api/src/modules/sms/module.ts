/**
 * The sms module's factory (lib/module.ts): the SMS sender of the configuration (MSG91 with
 * its auth key, else the development outbox) behind the send ledger and its limits, and the
 * ledger's clean-up job. It has no routes: the auth module texts sign-in codes through it.
 */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import { smsJobs } from './jobs';
import { msg91Sender, outboxSender, type Msg91Settings } from './sender';
import { SMS_HOURLY_LIMITS, SmsService } from './service';

export function createSmsModule(deps: {
  db: Db;
  /** MSG91's settings when configured (config `sms.msg91`), else undefined: the outbox. */
  msg91: Msg91Settings | undefined;
  dataDir: string;
  env: string;
  /** The storefront's host name, written in the WebOTP line of the outbox's texts. */
  domain: string;
  storeName: () => Promise<string>;
  dailyPerNumber: number;
  dailyStore: number;
  perIpPerHour: number;
  logger: { info(obj: object, msg?: string): void };
}): { sms: SmsService; module: ApiModule } {
  const sender = deps.msg91
    ? msg91Sender(deps.msg91, deps.logger)
    : outboxSender({
        dataDir: deps.dataDir,
        env: deps.env,
        domain: deps.domain,
        storeName: deps.storeName,
        logger: deps.logger,
      });
  const sms = new SmsService(deps.db, sender, {
    ...SMS_HOURLY_LIMITS,
    perIpPerHour: deps.perIpPerHour,
    dailyPerNumber: deps.dailyPerNumber,
    dailyStore: deps.dailyStore,
  });
  return { sms, module: { name: 'sms', jobs: smsJobs(sms) } };
}
