/** The sms module's public surface: the sender interface and its providers, the send ledger with its limits, the factory. */
export { createSmsModule } from './module';
export { SMS_PRUNE_JOB, smsJobs } from './jobs';
export {
  maskPhone,
  msg91Sender,
  noticeSmsText,
  otpSmsText,
  outboxSender,
  SMS_OUTBOX_DIR_NAME,
  type Msg91Settings,
  type NoticeSms,
  type OtpSms,
  type SmsSender,
} from './sender';
export { SMS_HOURLY_LIMITS, SmsService, type SmsLimits, type SmsRequester } from './service';
