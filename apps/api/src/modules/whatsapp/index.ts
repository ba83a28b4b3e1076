/** The whatsapp module's public surface: the factory, the service, the sender interface and its providers, the jobs. */
export { createWhatsappModule } from './module';
export { WHATSAPP_COD_EXPIRE_JOB, WHATSAPP_NOTIFY_JOB, whatsappJobs, type WhatsappNotice } from './jobs';
export {
  cloudApiSender,
  outboxSender as whatsappOutboxSender,
  WHATSAPP_OUTBOX_DIR_NAME,
  type CloudApiSettings,
  type WhatsappSender,
} from './sender';
export { COD_CONFIRM_PAYLOAD, WhatsappService } from './service';
